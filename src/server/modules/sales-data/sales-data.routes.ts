// STUB: filled in by the sales-data module.
import type { FastifyInstance } from 'fastify';

export async function salesDataRoutes(_app: FastifyInstance) {}
