/**
 * An OpenID Connect relying party (docs/integrations.md §3) on openid-client: the issuer is discovered
 * from its URL, so the same code talks to Google and to the simulated issuer. Every sign-in
 * sends state, a nonce and a PKCE S256 challenge; openid-client checks them all on the return.
 */
import * as oidc from 'openid-client';

export interface OidcClientOptions {
  /** The issuer's URL, read at first use (the simulated one starts only then). */
  issuer: () => Promise<string>;
  clientId: string;
  clientSecret: string;
  /** Plain http: only for a loopback issuer outside production (the simulator, tests). */
  allowInsecure: boolean;
}

/** What the sign-in must remember between leaving for the provider and coming back. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The ID token's claims Kuku reads. */
export interface IdentityClaims {
  subject: string;
  email: string | undefined;
  /** Only `true` counts: an address the provider has not verified proves nothing. */
  emailVerified: boolean;
  name: string | undefined;
}

export interface OidcClient {
  newChecks(): SignInChecks;
  /** Where to send the browser: the provider's authorization endpoint with this sign-in's checks. */
  authorizationUrl(checks: SignInChecks, redirectUri: string, extra?: Record<string, string>): Promise<URL>;
  /** The provider's answer (the callback's address) turned into checked claims; throws on any mismatch. */
  claims(callbackUrl: URL, checks: SignInChecks): Promise<IdentityClaims>;
}

/** The provider's answer failed a check (state, nonce, PKCE, signature, audience...) or was an error. */
export class OidcResponseRefused extends Error {
  override name = 'OidcResponseRefused';
}

// Discovery and each call to the provider give up after this long: a sign-in must not hang.
const TIMEOUT_SECONDS = 10;

export function createOidcClient(options: OidcClientOptions): OidcClient {
  let discovered: Promise<oidc.Configuration> | null = null;
  // Discovered once, on first use, then kept; a failed discovery is tried again next time.
  const configuration = () => {
    discovered ??= (async () => {
      const issuer = new URL(await options.issuer());
      return oidc.discovery(issuer, options.clientId, options.clientSecret, undefined, {
        timeout: TIMEOUT_SECONDS,
        ...(options.allowInsecure && issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
    })().catch((error: unknown) => {
      discovered = null;
      throw error;
    });
    return discovered;
  };

  return {
    newChecks: () => ({ state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() }),

    async authorizationUrl(checks, redirectUri, extra = {}) {
      const config = await configuration();
      return oidc.buildAuthorizationUrl(config, {
        ...extra,
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
        prompt: 'select_account',
      });
    },

    async claims(callbackUrl, checks) {
      const config = await configuration();
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        // Only the code and message: the error's cause can carry the provider's whole answer.
        const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
        throw new OidcResponseRefused(`${code}${error instanceof Error ? error.message : String(error)}`);
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcResponseRefused('the provider sent no ID token');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}
