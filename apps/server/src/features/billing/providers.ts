import type { FastifyInstance } from 'fastify';
import type { BillingConfig, ProviderMode } from '../../config.js';
import { createPaystackClient, type PaystackClient } from '../../integrations/card/client.js';
import { createDarajaClient, type DarajaClient } from '../../integrations/mpesa/client.js';

/** The mount points of the in-process simulators (docs/integrations.md §1.10, §2.5). */
export const DARAJA_SIMULATOR_PREFIX = '/__sim/daraja';
export const PAYSTACK_SIMULATOR_PREFIX = '/__sim/paystack';

export interface PaymentProviders {
  mpesaMode: ProviderMode;
  cardMode: ProviderMode;
  /** Null when the provider is off. */
  mpesa(): DarajaClient | null;
  card(): PaystackClient | null;
  /** Where Daraja posts a payment's result: the public base, or this process in simulator mode. */
  mpesaCallbackUrl(secret: string): string;
  /** This process's own address, for the simulators and their callbacks. */
  selfUrl(): string;
}

/**
 * This process as seen from itself: the simulators run inside the app, so their base URL and
 * their callbacks are known only once the server listens (tests listen on port 0).
 */
export function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The payment simulators need the server to listen on a TCP port.');
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The Daraja and card clients: live with credentials, else pointed at the simulators mounted
 * in this app, else off. The clients are made on first use: a simulator's address is this
 * process's, known after listen.
 */
export function paymentProviders(app: FastifyInstance, config: BillingConfig): PaymentProviders {
  let mpesaClient: DarajaClient | null = null;
  let cardClient: PaystackClient | null = null;
  const selfUrl = () => config.publicUrl ?? listeningUrl(app);
  const simulatorBase = () => listeningUrl(app);
  return {
    mpesaMode: config.mpesa.mode,
    cardMode: config.card.mode,
    selfUrl,
    mpesa() {
      if (config.mpesa.mode === 'off') return null;
      mpesaClient ??= createDarajaClient({
        ...config.mpesa,
        baseUrl: config.mpesa.baseUrl ?? `${simulatorBase()}${DARAJA_SIMULATOR_PREFIX}`,
      });
      return mpesaClient;
    },
    card() {
      if (config.card.mode === 'off') return null;
      cardClient ??= createPaystackClient({
        secretKey: config.card.secretKey,
        baseUrl: config.card.baseUrl ?? `${simulatorBase()}${PAYSTACK_SIMULATOR_PREFIX}`,
      });
      return cardClient;
    },
    mpesaCallbackUrl(secret) {
      const base = config.mpesa.callbackUrl ?? (config.mpesa.mode === 'simulator' ? listeningUrl(app) : selfUrl());
      return `${base}/api/payments/mpesa/callback/${secret}`;
    },
  };
}
