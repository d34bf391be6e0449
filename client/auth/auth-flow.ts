// The sign-in/sign-up step machine (spec §2: steps EMAIL, PASSWORD, UNIQUE_CODE; modes SIGN_IN,
// SIGN_UP). Pure, so the page only orchestrates calls and the transitions are testable alone.

export const AuthStep = { EMAIL: 'EMAIL', PASSWORD: 'PASSWORD', UNIQUE_CODE: 'UNIQUE_CODE' } as const;
export type AuthStep = (typeof AuthStep)[keyof typeof AuthStep];

export const AuthMode = { SIGN_IN: 'SIGN_IN', SIGN_UP: 'SIGN_UP' } as const;
export type AuthMode = (typeof AuthMode)[keyof typeof AuthMode];

/** `POST /auth/email-check/` answer. */
export interface EmailCheckResult {
  existing: boolean;
  status: 'MAGIC_CODE' | 'CREDENTIAL';
}

export interface AuthFlowState {
  step: AuthStep;
  mode: AuthMode;
  email: string;
}

type AuthFlowEvent =
  /** The email was checked (and, for MAGIC_CODE, a code was generated). */
  | { type: 'EMAIL_CHECKED'; email: string; result: EmailCheckResult }
  /** A password user chose to receive a unique code instead (a code was generated). */
  | { type: 'CODE_REQUESTED' }
  /** The user chose to type a password instead of a code. */
  | { type: 'PASSWORD_REQUESTED' }
  /** Back to the email step, keeping the typed email. */
  | { type: 'EMAIL_RESET' };

/** The first state: the email step, in the mode the page suggests. */
export function createAuthFlow(mode: AuthMode = AuthMode.SIGN_IN, email = ''): AuthFlowState {
  return { step: AuthStep.EMAIL, mode, email };
}

/** Applies one event; events that make no sense in the current step leave the state unchanged. */
export function reduceAuthFlow(state: AuthFlowState, event: AuthFlowEvent): AuthFlowState {
  switch (event.type) {
    case 'EMAIL_CHECKED':
      if (state.step !== AuthStep.EMAIL) return state;
      return {
        email: event.email.trim().toLowerCase(),
        mode: event.result.existing ? AuthMode.SIGN_IN : AuthMode.SIGN_UP,
        step: event.result.status === 'MAGIC_CODE' ? AuthStep.UNIQUE_CODE : AuthStep.PASSWORD,
      };
    case 'CODE_REQUESTED':
      return state.step === AuthStep.PASSWORD ? { ...state, step: AuthStep.UNIQUE_CODE } : state;
    case 'PASSWORD_REQUESTED':
      return state.step === AuthStep.UNIQUE_CODE ? { ...state, step: AuthStep.PASSWORD } : state;
    case 'EMAIL_RESET':
      return { ...state, step: AuthStep.EMAIL };
    default:
      return assertNever(event);
  }
}

/** The endpoint that completes the current step, or null on the email step. */
export function authSubmitPath(state: AuthFlowState): string | null {
  const signUp = state.mode === AuthMode.SIGN_UP;
  switch (state.step) {
    case AuthStep.EMAIL:
      return null;
    case AuthStep.PASSWORD:
      return signUp ? '/auth/sign-up/' : '/auth/sign-in/';
    case AuthStep.UNIQUE_CODE:
      return signUp ? '/auth/magic-sign-up/' : '/auth/magic-sign-in/';
    default:
      return assertNever(state.step);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
