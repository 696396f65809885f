// Content statistics (/manage/contentManage/statistics), back office only: registered under manageAreas.
import type { AreaMessages } from '../../lib/i18n/types.ts';

export default {
  zh: {
    pageTitle: '内容统计',
    range: '统计日期',
    last30: '最近 30 天',
    views: '浏览量',
    downloads: '下载量',
    title: '标题',
    none: '暂无数据',
    totals: { article_views: '资讯浏览量', page_views: '页面浏览量', downloads: '文件下载量' },
    top: { articles: '热门资讯', pages: '热门页面', downloads: '热门下载' },
  },
  en: {
    pageTitle: 'Content statistics',
    range: 'Dates',
    last30: 'Last 30 days',
    views: 'Views',
    downloads: 'Downloads',
    title: 'Title',
    none: 'No data',
    totals: { article_views: 'Article views', page_views: 'Page views', downloads: 'File downloads' },
    top: { articles: 'Top articles', pages: 'Top pages', downloads: 'Top downloads' },
  },
  es: {
    pageTitle: 'Estadísticas de contenido',
    range: 'Fechas',
    last30: 'Últimos 30 días',
    views: 'Visitas',
    downloads: 'Descargas',
    title: 'Título',
    none: 'Sin datos',
    totals: {
      article_views: 'Visitas de artículos',
      page_views: 'Visitas de páginas',
      downloads: 'Descargas de archivos',
    },
    top: { articles: 'Artículos más vistos', pages: 'Páginas más vistas', downloads: 'Más descargados' },
  },
  ja: {
    pageTitle: 'コンテンツ統計',
    range: '集計期間',
    last30: '直近 30 日',
    views: '閲覧数',
    downloads: 'ダウンロード数',
    title: 'タイトル',
    none: 'データなし',
    totals: {
      article_views: '記事の閲覧数',
      page_views: 'ページの閲覧数',
      downloads: 'ファイルのダウンロード数',
    },
    top: { articles: '人気の記事', pages: '人気のページ', downloads: '人気のダウンロード' },
  },
} satisfies AreaMessages;
