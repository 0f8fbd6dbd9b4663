import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { serverRoot } from './paths.js';

describe('loadConfig: DATA_DIR', () => {
  const repoRoot = path.resolve(serverRoot, '../..');

  it('defaults to data/ at the repository root, wherever the command runs', () => {
    expect(loadConfig({ INIT_CWD: '/somewhere/else' }).dataDir).toBe(path.join(repoRoot, 'data'));
  });

  it('takes a relative directory from where npm was run, an absolute one as it is', () => {
    expect(loadConfig({ DATA_DIR: 'farm-data', INIT_CWD: '/srv/kuku' }).dataDir).toBe('/srv/kuku/farm-data');
    expect(loadConfig({ DATA_DIR: '/var/lib/kuku', INIT_CWD: '/srv/kuku' }).dataDir).toBe('/var/lib/kuku');
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
  });

  it('refuses a bad value with a clear line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid configuration: PORT/);
  });
});

describe('loadConfig: a start that is safe on a network (decision 050)', () => {
  it('listens on 127.0.0.1 outside production unless HOST says otherwise; 0.0.0.0 in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
  });

  it('TRUST_PROXY takes a hop count or proxy addresses, and refuses true and anything unclear', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true trusted any X-Forwarded-For .*TRUST_PROXY=1/);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example', '99']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/Invalid configuration: TRUST_PROXY/);
  });

  it('production simulates nothing unless PAYMENT_SIMULATORS=on, and then needs PUBLIC_URL', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect([production.billing.mpesa.mode, production.billing.card.mode, production.google.mode]).toEqual(['off', 'off', 'off']);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_SIMULATORS: 'on' })).toThrow(/PUBLIC_URL: set PUBLIC_URL with card payments in production/);
    const on = loadConfig({ NODE_ENV: 'production', PAYMENT_SIMULATORS: 'on', PUBLIC_URL: 'https://kuku.example' });
    expect([on.billing.mpesa.mode, on.billing.card.mode]).toEqual(['simulator', 'simulator']);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x' })).toThrow(/PUBLIC_URL/);
  });
});

describe('loadConfig: SMS (decision 075)', () => {
  it('without credentials, the simulator outside production and nothing in production', () => {
    const dev = loadConfig({}).sms;
    expect(dev).toMatchObject({ mode: 'simulator', baseUrl: undefined, username: 'sandbox', senderId: undefined, callbackIps: [] });
    expect(loadConfig({ NODE_ENV: 'production' }).sms.mode).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SIMULATORS: 'on', PUBLIC_URL: 'https://kuku.example' }).sms.mode).toBe('simulator');
  });

  it('with a username and key, live on the live host, or the sandbox host for the sandbox username', () => {
    const live = loadConfig({ AT_USERNAME: 'kuku', AT_API_KEY: 'atsk_live', AT_SENDER_ID: 'KUKU', AT_CALLBACK_IPS: ' 52.48.80.1, 2001:db8::1 ' }).sms;
    expect(live).toEqual({
      mode: 'live',
      baseUrl: 'https://api.africastalking.com',
      username: 'kuku',
      apiKey: 'atsk_live',
      senderId: 'KUKU',
      callbackIps: ['52.48.80.1', '2001:db8::1'],
    });
    expect(loadConfig({ AT_USERNAME: 'sandbox', AT_API_KEY: 'atsk_sandbox' }).sms.baseUrl).toBe('https://api.sandbox.africastalking.com');
  });

  it.each([
    [{ AT_USERNAME: 'kuku' }, /AT_API_KEY: set both AT_USERNAME and AT_API_KEY/],
    [{ AT_API_KEY: 'atsk_live' }, /AT_API_KEY: set both AT_USERNAME and AT_API_KEY/],
    [{ AT_CALLBACK_IPS: '52.48.80.1,africastalking.com' }, /AT_CALLBACK_IPS: not an address: africastalking.com/],
    [{ AT_SENDER_ID: 'KUKU-FARM-ALERTS' }, /AT_SENDER_ID: at most 11 letters/],
    [{ AT_USERNAME: 'kuku app', AT_API_KEY: 'k' }, /AT_USERNAME/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
