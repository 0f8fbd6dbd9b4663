import { afterAll } from 'vitest';
import { closeTestApps } from './open-apps.js';

// Registered first, so it runs after each file's own afterAll hooks, which may still use the app.
afterAll(closeTestApps);
