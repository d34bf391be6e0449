// The texts of the emails the auth flows send (plain text and a minimal HTML twin).

/** Escapes text for HTML. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The magic sign-in code email (reference §1.2). */
export function magicCodeMail(to: string, code: string) {
  return {
    to,
    subject: `Your unique Trellis login code is ${code}`,
    text: `Your Trellis login code is ${code}\n\nIt expires in 10 minutes. If you did not ask for it, ignore this email.`,
    html: `<p>Your Trellis login code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>It expires in 10 minutes. If you did not ask for it, ignore this email.</p>`,
  };
}

/** The password reset link email (reference §1.4). */
export function resetPasswordMail(to: string, link: string) {
  return {
    to,
    subject: 'Reset your Trellis password',
    text: `Someone asked to reset the password of your Trellis account.\n\nSet a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this email.`,
    html: `<p>Someone asked to reset the password of your Trellis account.</p><p><a href="${escapeHtml(link)}">Set a new password</a> (the link works once, for one hour).</p><p>If it was not you, ignore this email.</p>`,
  };
}

/** One line of a notification mail. */
export interface DigestItem {
  /** `WEB-12`, or '' when unknown. */
  issueKey: string;
  issueName: string;
  link: string;
  /** Who did it ('' when unknown). */
  actor: string;
  /** What happened: the activity text ("changed the priority to high") or the mention message. */
  text: string;
  mention: boolean;
}

/** The batched notification mail: the recipient's new notifications grouped by issue, with links and an unsubscribe link. */
export function notificationDigestMail(to: string, items: DigestItem[], unsubscribeLink: string) {
  const groups = new Map<string, DigestItem[]>();
  for (const item of items) {
    const group = groups.get(item.link);
    if (group) group.push(item);
    else groups.set(item.link, [item]);
  }
  const title = (item: DigestItem) => (item.issueKey ? `${item.issueKey} ${item.issueName}` : item.issueName);
  const line = (item: DigestItem) => (item.mention || !item.actor ? item.text : `${item.actor} ${item.text}`);
  const first = items[0];
  const subject =
    items.length === 1
      ? `${first.mention ? 'You were mentioned' : 'Update'} on ${title(first)}`
      : `${items.length} updates on ${groups.size} ${groups.size === 1 ? 'work item' : 'work items'}`;
  const textParts: string[] = [];
  const htmlParts: string[] = [];
  for (const [link, group] of groups) {
    textParts.push(`${title(group[0])}\n${group.map((item) => `  - ${line(item)}`).join('\n')}\n  ${link}`);
    htmlParts.push(
      `<h3 style="margin:16px 0 4px"><a href="${escapeHtml(link)}">${escapeHtml(title(group[0]))}</a></h3><ul style="margin:0;padding-left:20px">${group
        .map((item) => `<li>${escapeHtml(line(item))}</li>`)
        .join('')}</ul>`,
    );
  }
  const footer = 'You receive this because of your Trellis notification preferences. Change them or unsubscribe here:';
  return {
    to,
    subject,
    text: `${textParts.join('\n\n')}\n\n--\n${footer}\n${unsubscribeLink}\n`,
    html: `${htmlParts.join('')}<hr style="margin-top:24px"><p style="color:#6b7280;font-size:12px">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribeLink)}">notification preferences</a></p>`,
  };
}
