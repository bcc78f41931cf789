// Next.js configuration. The app is self-contained: no remote fonts, images or scripts, so it builds
// and runs without internet access.
import type { NextConfig } from 'next';
import { fileURLToPath } from 'node:url';

const config: NextConfig = {
  // npm workspaces hoist next into the repository's node_modules; Turbopack must see that root.
  turbopack: { root: fileURLToPath(new URL('../..', import.meta.url)) },
  poweredByHeader: false,
  reactStrictMode: true,
};

export default config;
