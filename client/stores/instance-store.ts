// The instance (GET /api/instances/): whether set-up is done and which sign-in methods are on,
// plus the admin area's session and configuration keys.
import { useEffect } from 'react';
import { create } from 'zustand';
import { ApiError, http, resetCsrfToken } from '../api/http';
import type { AdminMe, AdminSession, AuthSuccess, InstanceConfig, InstanceConfigurationRow, InstanceInfo, InstanceResponse } from '../api/types';
import type { LoadStatus } from './create-entity-store';

/** Configuration keys the admin settings page edits (reference §2.2). */
export const InstanceConfigKey = {
  ENABLE_SIGNUP: 'ENABLE_SIGNUP',
  ENABLE_EMAIL_PASSWORD: 'ENABLE_EMAIL_PASSWORD',
  ENABLE_MAGIC_LINK_LOGIN: 'ENABLE_MAGIC_LINK_LOGIN',
  DISABLE_WORKSPACE_CREATION: 'DISABLE_WORKSPACE_CREATION',
  EMAIL_HOST: 'EMAIL_HOST',
  EMAIL_PORT: 'EMAIL_PORT',
  EMAIL_HOST_USER: 'EMAIL_HOST_USER',
  EMAIL_HOST_PASSWORD: 'EMAIL_HOST_PASSWORD',
  EMAIL_FROM: 'EMAIL_FROM',
  EMAIL_USE_TLS: 'EMAIL_USE_TLS',
} as const;
export type InstanceConfigKey = (typeof InstanceConfigKey)[keyof typeof InstanceConfigKey];
export type InstanceConfigValues = Partial<Record<InstanceConfigKey, string>>;

interface InstanceState {
  status: LoadStatus;
  instance: InstanceInfo | null;
  config: InstanceConfig | null;
  /** False when the server answered that set-up is not done (or there is no instance). */
  isSetupDone: boolean;
  adminStatus: LoadStatus;
  admin: AdminMe | null;
  configurationStatus: LoadStatus;
  configuration: InstanceConfigValues;
}

export const useInstanceStore = create<InstanceState>(() => ({
  status: 'idle',
  instance: null,
  config: null,
  isSetupDone: true,
  adminStatus: 'idle',
  admin: null,
  configurationStatus: 'idle',
  configuration: {},
}));

/** Reads whether an answer of `GET /api/instances/` means set-up is done. */
function isInstanceSetupDone(answer: InstanceResponse): boolean {
  return 'instance' in answer && !!answer.instance?.is_setup_done;
}

/**
 * `GET /api/instances/`. When the call itself fails the state keeps `isSetupDone` (the guard
 * only sends people to set-up on an explicit answer) and status becomes 'error'.
 */
async function fetchInstance(): Promise<InstanceState> {
  useInstanceStore.setState({ status: 'loading' });
  try {
    const answer = await http.get<InstanceResponse>('/api/instances/');
    useInstanceStore.setState({
      status: 'ready',
      isSetupDone: isInstanceSetupDone(answer),
      instance: 'instance' in answer ? answer.instance : null,
      config: 'config' in answer ? answer.config : null,
    });
  } catch {
    useInstanceStore.setState({ status: 'error' });
  }
  return useInstanceStore.getState();
}

let instanceRequest: Promise<InstanceState> | null = null;

/** Loads the instance once per page load. */
export function ensureInstance(): Promise<InstanceState> {
  const state = useInstanceStore.getState();
  if (state.status === 'ready') return Promise.resolve(state);
  instanceRequest ??= fetchInstance().finally(() => {
    instanceRequest = null;
  });
  return instanceRequest;
}

/**
 * Whether this server sends mail (`config.is_smtp_configured` of `GET /api/instances/`, API.md
 * "Email"): true or false once known, null while loading. Screens that promise an email ask this.
 */
export function useMailConfigured(): boolean | null {
  const status = useInstanceStore((state) => state.status);
  const configured = useInstanceStore((state) => state.config?.is_smtp_configured);
  useEffect(() => {
    if (status === 'idle') void ensureInstance();
  }, [status]);
  return status === 'ready' ? Boolean(configured) : null;
}

/** `GET /api/instances/admins/session/`. */
export async function fetchAdminSession(): Promise<AdminMe | null> {
  useInstanceStore.setState({ adminStatus: 'loading' });
  try {
    const session = await http.get<AdminSession>('/api/instances/admins/session/');
    const admin = session.is_authenticated ? (session.user ?? null) : null;
    useInstanceStore.setState({ adminStatus: 'ready', admin });
    return admin;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      useInstanceStore.setState({ adminStatus: 'ready', admin: null });
      return null;
    }
    useInstanceStore.setState({ adminStatus: 'error' });
    throw error;
  }
}

interface AdminSignUpInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  company_name: string;
}

/**
 * Creates the first instance admin (`POST /api/instances/admins/sign-up/`, JSON style), then
 * reloads the instance and the admin session.
 * @throws ApiError 400 `{error_code}` (5150, 5155, 5160, 5180, 5020).
 */
export async function signUpInstanceAdmin(input: AdminSignUpInput): Promise<void> {
  await http.post<AuthSuccess>('/api/instances/admins/sign-up/', input);
  resetCsrfToken();
  await Promise.all([fetchInstance(), fetchAdminSession()]);
}

/**
 * `POST /api/instances/admins/sign-in/` (JSON style), then reloads the admin session.
 * @throws ApiError 400 `{error_code}` (5170, 5160, 5185, 5190, 5175).
 */
export async function signInInstanceAdmin(email: string, password: string): Promise<void> {
  await http.post<AuthSuccess>('/api/instances/admins/sign-in/', { email, password });
  resetCsrfToken();
  await fetchAdminSession();
}

/** `POST /api/instances/admins/sign-out/` (JSON style). */
export async function signOutInstanceAdmin(): Promise<void> {
  await http.post('/api/instances/admins/sign-out/');
  resetCsrfToken();
  useInstanceStore.setState({ admin: null, configuration: {}, configurationStatus: 'idle' });
}

/** `GET /api/instances/configurations/` → a key/value record. */
export async function fetchInstanceConfiguration(): Promise<InstanceConfigValues> {
  useInstanceStore.setState({ configurationStatus: 'loading' });
  try {
    const rows = await http.get<InstanceConfigurationRow[]>('/api/instances/configurations/');
    const configuration = toValues(rows);
    useInstanceStore.setState({ configurationStatus: 'ready', configuration });
    return configuration;
  } catch (error) {
    useInstanceStore.setState({ configurationStatus: 'error' });
    throw error;
  }
}

/** `PATCH /api/instances/configurations/ {KEY: value}`; then reloads the public instance config. */
export async function updateInstanceConfiguration(values: InstanceConfigValues): Promise<void> {
  const rows = await http.patch<InstanceConfigurationRow[]>('/api/instances/configurations/', values);
  const configuration = Array.isArray(rows) ? toValues(rows) : { ...useInstanceStore.getState().configuration, ...values };
  useInstanceStore.setState({ configuration });
  await fetchInstance();
}

function toValues(rows: InstanceConfigurationRow[]): InstanceConfigValues {
  const known = new Set<string>(Object.values(InstanceConfigKey));
  const values: InstanceConfigValues = {};
  for (const row of rows) {
    if (known.has(row.key)) values[row.key as InstanceConfigKey] = row.value ?? '';
  }
  return values;
}
