// Simplified Chinese messages of the design system, the theme and the palette; spread into zh-CN.ts.
import type { ChineseMessages } from './plural-keys';
import type { uiEn } from './ui-en';

export const uiZhCN: ChineseMessages<typeof uiEn> = {
  'common.undo': '撤销',
  'toast.undoFailed': '撤销失败，请重试。',
  'ui.combobox.search': '搜索…',
  'ui.combobox.empty': '没有匹配项',
  'ui.combobox.searching': '正在搜索…',
  'ui.combobox.create': '创建“{name}”',
  'ui.date.none': '无日期',
  'ui.progress.label': '进度',
  'ui.progress.value': '已完成 {done} / {total}',
  'ui.date.clear': '清除日期',
  'ui.toast.region': '通知',
  'theme.light': '浅色',
  'theme.dark': '深色',
  'theme.system': '跟随系统',
  'palette.theme': '主题：{theme}',
  'palette.language': '语言：{language}',
  'palette.group.actions': '操作',
  'palette.group.navigation': '前往',
  'palette.group.preferences': '偏好设置',
  'toast.themeSaveFailed': '主题未能保存到你的个人资料',
  'toast.languageSaveFailed': '语言未能保存到你的个人资料',
  'ui.favorite': '已收藏',
  'reaction.thumbsUp': '赞',
  'reaction.hooray': '庆祝',
  'reaction.heart': '爱心',
  'reaction.eyes': '关注',
  'palette.group.issues': '工作项',
};
