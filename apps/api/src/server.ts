// Builds the Nest application around a runtime; main.ts and the API tests share it.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { AppModule } from './app.module.js';
import { JsonLogger } from './logging/json-logger.js';
import type { Runtime } from './runtime.js';

export async function createServer(runtime: Runtime, logger = new JsonLogger(runtime.config.logLevel)): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.register(runtime), { logger, abortOnError: false });
  app.enableShutdownHooks();
  // The dashboard (another origin, e.g. :4200) calls GraphQL from the browser; no other origin may.
  app.enableCors({ origin: runtime.config.dashboardOrigins, allowedHeaders: ['content-type', 'authorization'] });
  app.getHttpAdapter().getInstance().disable('x-powered-by');
  // No ETags: every answer is computed from live state, and POSTed GraphQL is never revalidated; hashing
  // each answer (30 KB for a page of 100 pods) cost about 1% of the API thread under read load.
  app.getHttpAdapter().getInstance().disable('etag');
  return app;
}
