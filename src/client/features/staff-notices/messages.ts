// Texts of the back office's notice bell.
import type { AreaMessages } from '../../lib/i18n/types.ts';

export default {
  zh: {
    open: '通知（{{n}} 条未读）',
    title: '通知',
    empty: '暂无通知',
    markAllRead: '全部标为已读',
    failed: '通知加载失败',
  },
  en: {
    open: 'Notices ({{n}} unread)',
    title: 'Notices',
    empty: 'No notices',
    markAllRead: 'Mark all as read',
    failed: 'The notices could not be loaded',
  },
  es: {
    open: 'Avisos ({{n}} sin leer)',
    title: 'Avisos',
    empty: 'No hay avisos',
    markAllRead: 'Marcar todo como leído',
    failed: 'No se pudieron cargar los avisos',
  },
  ja: {
    open: 'お知らせ（未読 {{n}} 件）',
    title: 'お知らせ',
    empty: 'お知らせはありません',
    markAllRead: 'すべて既読にする',
    failed: 'お知らせを読み込めませんでした',
  },
} satisfies AreaMessages;
