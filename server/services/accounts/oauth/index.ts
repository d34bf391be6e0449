// The external sign-in providers by name, with their not-configured and provider-error codes.
import type { AuthErrorName } from '../../../../shared/error-codes';
import { github, gitlab } from './git-hosts';
import { google } from './google';
import type { OAuthProvider, ProviderName } from './provider';

export type { OAuthProfile, OAuthProvider, PendingAuthorization, ProviderName } from './provider';

export const PROVIDER_NAMES: readonly ProviderName[] = ['google', 'github', 'gitlab'];

export const PROVIDERS: Record<ProviderName, OAuthProvider> = { google, github, gitlab };

/** Spec §8: 5105/5110/5111 when a provider is not configured, 5115/5120/5121 when it fails. */
export const PROVIDER_ERRORS: Record<ProviderName, { notConfigured: AuthErrorName; failed: AuthErrorName }> = {
  google: { notConfigured: 'GOOGLE_NOT_CONFIGURED', failed: 'GOOGLE_OAUTH_PROVIDER_ERROR' },
  github: { notConfigured: 'GITHUB_NOT_CONFIGURED', failed: 'GITHUB_OAUTH_PROVIDER_ERROR' },
  gitlab: { notConfigured: 'GITLAB_NOT_CONFIGURED', failed: 'GITLAB_OAUTH_PROVIDER_ERROR' },
};
