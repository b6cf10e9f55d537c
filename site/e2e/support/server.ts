// Where the suite's web server (`portfolio serve`, see playwright.config.ts)
// keeps the messages the end-to-end tests send.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const messagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '.cache', 'e2e', 'messages');
