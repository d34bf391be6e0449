// English messages of the screens issue #10 put right (project settings, estimates, calendar,
// gantt, invitations without mail, pages navigation); spread into en.ts.

export const screensEn = {
  'screens.settings.nameTooLong': 'Use at most 255 characters.',
  'screens.settings.descriptionTooLong': 'Use at most 10,000 characters.',
  'screens.settings.unsaved': 'Unsaved changes',
  'screens.settings.discard': 'Discard changes',
  'screens.settings.savedToast': 'Settings of {name} saved',
  'screens.settings.saveFailed': 'Not saved: {reason} Your changes are still in the form.',
  'screens.estimates.active': 'In use',
  'screens.estimates.use': 'Use for this project',
  'screens.estimate.none': 'No estimate',
  'screens.createIssue.discardTitle': 'Discard this issue?',
  'screens.createIssue.discardBody': 'What you typed will be lost.',
  'screens.createIssue.discard': 'Discard',
  'screens.features.comingSoon': 'Coming soon',
  'screens.features.comingSoonTitle': 'Coming soon',
  'screens.features.comingSoonBody': 'Trellis has no screens for these sections yet. Their switches are kept for the API and take effect when the screens arrive.',
  'screens.nav.pages': 'Pages',
  'screens.palette.goToPages': 'Go to pages of {name}',
  'screens.calendar.hiddenOnWeekends': '{count} issue(s) due on a weekend are hidden.',
  'screens.gantt.titleColumn': 'Issue',
} as const;
