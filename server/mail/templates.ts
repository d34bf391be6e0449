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
