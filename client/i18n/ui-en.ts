// English messages of the design system (client/ui), the theme and the palette; spread into en.ts.

export const uiEn = {
  'common.undo': 'Undo',
  'toast.undoFailed': 'Could not undo. Please try again.',
  'ui.combobox.search': 'Search…',
  'ui.combobox.empty': 'No matches',
  'ui.combobox.create': 'Create “{name}”',
  'ui.date.none': 'No date',
  'ui.date.clear': 'Clear date',
  'ui.toast.region': 'Notifications',
  'theme.light': 'Light',
  'theme.dark': 'Dark',
  'theme.system': 'System',
  'palette.theme': 'Theme: {theme}',
  'palette.language': 'Language: {language}',
  'palette.group.actions': 'Actions',
  'palette.group.navigation': 'Go to',
  'palette.group.preferences': 'Preferences',
  'toast.themeSaveFailed': 'The theme could not be saved to your profile',
  'toast.languageSaveFailed': 'The language could not be saved to your profile',
  'palette.group.issues': 'Issues',
} as const;
