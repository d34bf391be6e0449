// The General settings form as data: what a Save sends and what it refuses before sending.
import { describe, expect, test } from 'vitest';
import type { Project } from '../../stores/project-store';
import { changedFields, draftOf, validateDraft } from './project-general-form';
import { ProjectNetwork } from '../../../shared/visibility';
import { buildProject } from '../../test-support/wire-rows';

const project: Project = buildProject({ id: 'p', name: 'Apollo', identifier: 'AP', description: 'Moon', network: ProjectNetwork.PUBLIC, estimate: 'e1' });

describe('general settings draft', () => {
  test('starts from the saved values; an unset description and estimate read as empty', () => {
    expect(draftOf(project)).toEqual({ name: 'Apollo', description: 'Moon', network: ProjectNetwork.PUBLIC, estimate: 'e1' });
    expect(draftOf(buildProject({ id: 'q', name: 'Gemini', identifier: 'GE' }))).toEqual({ name: 'Gemini', description: '', network: ProjectNetwork.PUBLIC, estimate: '' });
  });

  test('a Save sends only what changed; a trimmed-equal name and an untouched form send nothing', () => {
    expect(changedFields(project, draftOf(project))).toEqual({});
    expect(changedFields(project, { ...draftOf(project), name: '  Apollo ' })).toEqual({});
    expect(changedFields(project, { ...draftOf(project), name: ' Artemis ', description: '' })).toEqual({ name: 'Artemis', description: '' });
    expect(changedFields(project, { ...draftOf(project), estimate: '' })).toEqual({ estimate: null });
    expect(changedFields(project, { ...draftOf(project), network: ProjectNetwork.SECRET, estimate: 'e2' })).toEqual({ network: ProjectNetwork.SECRET, estimate: 'e2' });
  });

  test('refuses a blank, too long or forbidden name and a too long description', () => {
    expect(validateDraft(draftOf(project))).toEqual({});
    expect(validateDraft({ ...draftOf(project), name: '   ' })).toEqual({ name: 'common.required' });
    expect(validateDraft({ ...draftOf(project), name: 'x'.repeat(256) })).toEqual({ name: 'screens.settings.nameTooLong' });
    expect(validateDraft({ ...draftOf(project), name: 'Apollo (2)' })).toEqual({ name: 'project.nameInvalid' });
    expect(validateDraft({ ...draftOf(project), description: 'd'.repeat(10_001) })).toEqual({ description: 'screens.settings.descriptionTooLong' });
  });
});
