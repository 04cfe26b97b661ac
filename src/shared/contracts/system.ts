// System calls: a cheap reachability ping (the offline sync engine pings before replaying; the benchmark's bare route).
import { z } from 'zod';
import { get } from './endpoint';

export const ping = get('/api/ping', z.object({}), z.object({ time: z.string() }), 'public');
