#!/bin/sh
# Stands in for Prisma's native schema engine, which cannot be downloaded on offline machines.
# `prisma generate` only checks that this path exists; migrations go through scripts/prisma-wasm.mjs.
echo "The native Prisma schema engine is not used in Coxswain: create migrations with 'npm run db:migrate:create -- <name>'." >&2
exit 1
