// Role permissions and functional modules (system settings).
import type { AreaMessages } from '../../lib/i18n/types.ts';

export default {
  zh: {
    modules: {
      title: '功能模块',
      system: '整个系统',
      saved: '已保存',
      confirmOff: '确定要关闭「{{name}}」吗？该系统的所有菜单和接口将暂停使用。',
      off: '关闭',
    },
  },
  en: {
    modules: {
      title: 'Functional modules',
      system: 'Whole system',
      saved: 'Saved',
      confirmOff: 'Switch off "{{name}}"? All its menus and APIs stop working.',
      off: 'Switch off',
    },
  },
  es: {
    modules: {
      title: 'Módulos funcionales',
      system: 'Sistema completo',
      saved: 'Guardado',
      confirmOff: '¿Desactivar «{{name}}»? Todos sus menús y API dejarán de funcionar.',
      off: 'Desactivar',
    },
  },
  ja: {
    modules: {
      title: '機能モジュール',
      system: 'システム全体',
      saved: '保存しました',
      confirmOff: '「{{name}}」をオフにしますか？このシステムのメニューと API はすべて停止します。',
      off: 'オフにする',
    },
  },
} satisfies AreaMessages;
