import { describe, expect, test } from 'vitest';
import type { Profile, UserSettings } from '../api/types';
import { OnboardingStep, resumeOnboarding } from './onboarding-resume';

const profile = (steps: Partial<Profile['onboarding_step']> = {}): Profile => ({
  is_onboarded: false,
  onboarding_step: { profile_complete: false, workspace_create: false, workspace_invite: false, workspace_join: false, ...steps },
}) as Profile; // only the fields onboarding reads
const settings = (workspace: Partial<UserSettings['workspace']> = {}): UserSettings => ({
  id: 'u1',
  email: 'a@x.io',
  workspace: { last_workspace_id: null, last_workspace_slug: null, fallback_workspace_id: null, fallback_workspace_slug: null, invites: 0, ...workspace },
});
const member = settings({ last_workspace_id: 'w1', last_workspace_slug: 'crew', last_workspace_name: 'Crew' });
const crew = { id: 'w1', slug: 'crew', name: 'Crew' };

describe('where onboarding resumes', () => {
  test('a new person starts with the name and then creates or joins a workspace', () => {
    expect(resumeOnboarding(profile(), settings())).toEqual({ step: OnboardingStep.PROFILE, workspace: null, joined: false });
    expect(resumeOnboarding(profile({ profile_complete: true }), settings()).step).toBe(OnboardingStep.WORKSPACE);
  });

  test('an invited teammate who is already a member gives a name, then finishes into that workspace', () => {
    expect(resumeOnboarding(profile({ workspace_join: true }), member)).toEqual({ step: OnboardingStep.PROFILE, workspace: crew, joined: true });
    expect(resumeOnboarding(profile({ profile_complete: true, workspace_join: true }), member)).toEqual({ step: OnboardingStep.FINISH, workspace: crew, joined: true });
    // The settings' fallback workspace counts as well (the last one was never set).
    const fallback = settings({ fallback_workspace_id: 'w2', fallback_workspace_slug: 'other' });
    expect(resumeOnboarding(profile({ profile_complete: true }), fallback).workspace).toEqual({ id: 'w2', slug: 'other', name: 'other' });
  });

  test('a reload after creating a workspace resumes at the invite step, then finishes', () => {
    expect(resumeOnboarding(profile({ profile_complete: true, workspace_create: true }), member)).toEqual({ step: OnboardingStep.INVITE, workspace: crew, joined: false });
    expect(resumeOnboarding(profile({ profile_complete: true, workspace_create: true, workspace_invite: true }), member).step).toBe(OnboardingStep.FINISH);
  });

  test('a created workspace that is gone leaves the workspace step', () => {
    expect(resumeOnboarding(profile({ profile_complete: true, workspace_create: true }), settings()).step).toBe(OnboardingStep.WORKSPACE);
    expect(resumeOnboarding(null, null).step).toBe(OnboardingStep.PROFILE);
  });
});
