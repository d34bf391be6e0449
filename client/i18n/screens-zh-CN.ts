// Simplified Chinese messages of the screens issue #10 put right; spread into zh-CN.ts.
import type { ChineseMessages } from './plural-keys';
import type { screensEn } from './screens-en';

export const screensZhCN: ChineseMessages<typeof screensEn> = {
  'screens.settings.nameTooLong': '最多 255 个字符。',
  'screens.settings.descriptionTooLong': '最多 10,000 个字符。',
  'screens.settings.unsaved': '有未保存的更改',
  'screens.settings.discard': '放弃更改',
  'screens.settings.savedToast': '{name} 的设置已保存',
  'screens.settings.saveFailed': '未保存：{reason} 你的更改仍在表单中。',
  'screens.estimates.active': '使用中',
  'screens.estimates.use': '用于此项目',
  'screens.estimate.none': '无估算',
  'screens.createIssue.discardTitle': '放弃这个问题？',
  'screens.createIssue.discardBody': '你输入的内容将会丢失。',
  'screens.createIssue.discard': '放弃',
  'screens.features.comingSoon': '即将推出',
  'screens.features.comingSoonTitle': '即将推出',
  'screens.features.comingSoonBody': 'Trellis 还没有这些模块的界面。开关仍为 API 保留，界面上线后生效。',
  'screens.nav.pages': '页面',
  'screens.palette.goToPages': '前往 {name} 的页面',
  'screens.calendar.hiddenOnWeekends_other': '有 {count} 个在周末到期的问题被隐藏。',
  'screens.gantt.titleColumn': '问题',
  'screens.invite.noMailHint': '此服务器不发送邮件。邀请后，你会得到每个人的链接，请自行转交。',
  'screens.invite.noMailBody': '此服务器不发送邮件，因此没有人收到邮件。请把各自的链接发给对方：',
  'screens.invite.linksMissing': '以下邮箱没有新的邀请：{emails}（已是成员或之前已邀请）。',
  'screens.invite.done': '完成',
  'screens.invite.created': '邀请已创建。可在“邀请”页面分享它们的链接。',
  'screens.invite.subtitleNoMail': '此服务器不发送邮件：邀请后，请复制每个人加入 {workspace} 的链接。',
  'screens.invite.copyLink': '复制链接',
  'screens.settings.nameTaken': '此工作区中已有同名项目。',
};
