// Message keys of the numeric member roles (spec §6).
import type { MessageKey } from '../../i18n';

export const ROLE_LABEL_KEYS: Record<number, MessageKey> = { 20: 'role.admin', 15: 'role.member', 5: 'role.guest' };
