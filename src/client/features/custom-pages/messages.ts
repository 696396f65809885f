// Custom pages on the portal (/pages/<slug>): the texts around the page's own content.
import type { AreaMessages } from '../../lib/i18n/types.ts';

export default {
  zh: {
    notFound: '页面不存在或已下线',
    backHome: '返回首页',
    updated: '更新于 {{date}}',
  },
  en: {
    notFound: 'This page does not exist or has been taken down',
    backHome: 'Back to home',
    updated: 'Updated {{date}}',
  },
  es: {
    notFound: 'Esta página no existe o ya no está publicada',
    backHome: 'Volver al inicio',
    updated: 'Actualizada el {{date}}',
  },
  ja: {
    notFound: 'このページは存在しないか、公開を終了しました',
    backHome: 'ホームへ戻る',
    updated: '{{date}} 更新',
  },
} satisfies AreaMessages;
