import { genericOAuth } from 'better-auth/plugins';
import { isGoogleSignInConfigured, type Env } from '../env';

const GOOGLE_PROVIDER_ID = 'google';

/** The sign-in providers besides e-mail and password: Google, when its client id and secret are set. */
export function providerPlugins(env: Env) {
  if (!isGoogleSignInConfigured(env)) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: GOOGLE_PROVIDER_ID,
          clientId: env.GOOGLE_CLIENT_ID!,
          clientSecret: env.GOOGLE_CLIENT_SECRET!,
          discoveryUrl: env.OIDC_DISCOVERY_URL,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
        },
      ],
    }),
  ];
}
