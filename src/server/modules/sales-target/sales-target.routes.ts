// STUB: filled in by the sales-target module.
import type { FastifyInstance } from 'fastify';

export async function salesTargetRoutes(_app: FastifyInstance) {}
