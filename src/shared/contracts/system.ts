// System calls: a cheap reachability ping (the offline sync engine pings before replaying; the benchmark's bare route).
// It also names the server's time zone, the one scheduled tasks fire in (the task form previews their times in it).
import { z } from 'zod';
import { get } from './endpoint';

export const ping = get('/api/ping', z.object({}), z.object({ time: z.string(), timeZone: z.string() }), 'public');
