// PUBLIC_URL (the base of links in mails) follows PORT when it is not set, so a server on another port mails links
// that open it; a given PUBLIC_URL wins.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';

describe('PUBLIC_URL', () => {
  it('defaults to localhost on the default port', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
  });
  it('follows PORT from the environment or an override', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({}, { PORT: 4010 }).PUBLIC_URL).toBe('http://localhost:4010');
  });
  it('is kept as given', () => {
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://sales.example.com' }).PUBLIC_URL).toBe('https://sales.example.com');
    expect(loadConfig({}, { PUBLIC_URL: 'https://x.example.com' }).PUBLIC_URL).toBe('https://x.example.com');
  });
});
