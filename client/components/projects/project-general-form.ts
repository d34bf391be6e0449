// The project settings "General" form as plain data: the draft a person edits, what differs from
// the saved project, and what is wrong with it, so the screen saves only on an explicit Save and
// never sends (or loses) a half-typed value.
import { PROJECT_FORBIDDEN_CHARACTERS, PROJECT_NAME_MAX_LENGTH } from '../../../shared/schemas/project';
import type { MessageKey } from '../../i18n';
import type { Project } from '../../stores/project-store';
import { ProjectNetwork } from '../../../shared/visibility';

const PROJECT_DESCRIPTION_MAX_LENGTH = 10_000;

export interface GeneralDraft {
  name: string;
  description: string;
  network: number;
  /** Estimate id, '' for estimates off. */
  estimate: string;
}

type GeneralPatch = Partial<Pick<Project, 'name' | 'description' | 'network' | 'estimate'>>;

/** The form's values for a saved project. */
export function draftOf(project: Project): GeneralDraft {
  return { name: project.name, description: project.description ?? '', network: project.network ?? ProjectNetwork.PUBLIC, estimate: project.estimate ?? '' };
}

/** Only the fields the draft changes, as the PATCH body (name trimmed, '' estimate → null). */
export function changedFields(project: Project, draft: GeneralDraft): GeneralPatch {
  const saved = draftOf(project);
  const patch: GeneralPatch = {};
  if (draft.name.trim() !== saved.name) patch.name = draft.name.trim();
  if (draft.description !== saved.description) patch.description = draft.description;
  if (draft.network !== saved.network) patch.network = draft.network;
  if (draft.estimate !== saved.estimate) patch.estimate = draft.estimate || null;
  return patch;
}

/** Field → message key of what is wrong; empty when the draft can be saved. */
export function validateDraft(draft: GeneralDraft): Partial<Record<'name' | 'description', MessageKey>> {
  const errors: Partial<Record<'name' | 'description', MessageKey>> = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'common.required';
  else if (name.length > PROJECT_NAME_MAX_LENGTH) errors.name = 'screens.settings.nameTooLong';
  else if (PROJECT_FORBIDDEN_CHARACTERS.test(name)) errors.name = 'project.nameInvalid';
  if (draft.description.length > PROJECT_DESCRIPTION_MAX_LENGTH) errors.description = 'screens.settings.descriptionTooLong';
  return errors;
}
