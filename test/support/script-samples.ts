// Paragraphs of real text in right-to-left and East Asian scripts, long enough to wrap over
// several lines of an A4 page, and a DOCX holding them, for the tests of line breaking in these
// scripts (the layout, the PDF writer and the editor's pages).
import { buildTestDocx, paragraph, run } from './docx-package.js';

/** A news-like paragraph in each script; Arabic and Hebrew are set in `w:bidi` paragraphs. */
export const SCRIPT_SAMPLES = {
  arabic:
    'أعلنت وزارة الصحة اليوم عن افتتاح مستشفى جديد في وسط المدينة، يضم أكثر من مئتي سرير وقسماً متخصصاً لعلاج الأطفال. ' +
    'وقال الوزير في مؤتمر صحفي إن المشروع استغرق ثلاث سنوات من العمل المتواصل، وإنه سيخدم سكان الأحياء الشرقية الذين كانوا ' +
    'يقطعون مسافات طويلة للوصول إلى أقرب مستشفى. ومن المتوقع أن يبدأ استقبال المرضى مطلع الشهر المقبل بعد انتهاء أعمال التجهيز.',
  hebrew:
    'משרד החינוך הודיע היום כי שנת הלימודים הבאה תיפתח כמתוכנן בראשון בספטמבר. לדברי השר, נבנו במהלך הקיץ יותר ממאה ' +
    'כיתות חדשות ברחבי הארץ, ונקלטו אלפי מורים חדשים בבתי הספר היסודיים והתיכוניים. ההורים מתבקשים לעקוב אחר ההודעות ' +
    'באתר המשרד לקראת פתיחת השנה, ולוודא שהילדים קיבלו את כל הציוד הנדרש.',
  japanese:
    '東京都は十五日、新しい防災計画（案）を発表した。計画では、大きな地震が起きた場合に備えて、避難所の数を現在の二倍に増やすほか、' +
    '「災害時の情報発信」を強化するとしている。都の担当者は「住民一人ひとりが日頃から備えることが大切だ」と話した。' +
    'また、避難所ではスマートフォンのアプリを使ったチェックインや、ボランティアによるサポートセンターの運営も始める。' +
    '計画は来月の議会で審議され、早ければ来年の春から実施される見通しだ。',
  chinese:
    '北京市政府今天宣布，将在未来五年内新建二十座公园，并改造现有的城市绿地。市民们对此表示欢迎，认为这将改善城市的生活环境。' +
    '有关负责人说：“我们希望每一位居民步行十五分钟就能到达一座公园。”该计划预计投资约三百亿元，第一批公园将于明年夏天（七月）开放。',
} as const;

/** The script of each sample, in the order the DOCX holds them. */
export type ScriptSample = keyof typeof SCRIPT_SAMPLES;

/** Whether a sample's paragraph is right to left (`w:bidi`, its runs `w:rtl`). */
export const RIGHT_TO_LEFT: Readonly<Record<ScriptSample, boolean>> = { arabic: true, hebrew: true, japanese: false, chinese: false };

/** A paragraph of `script`'s sample, right to left for Arabic and Hebrew, with the paragraph properties `properties` (such as an indent). */
export function scriptParagraph(script: ScriptSample, properties = ''): string {
  return RIGHT_TO_LEFT[script] ? `<w:p><w:pPr><w:bidi/>${properties}</w:pPr>${run(SCRIPT_SAMPLES[script], '<w:rtl/>')}</w:p>` : paragraph(SCRIPT_SAMPLES[script], properties);
}

/**
 * A DOCX of one paragraph per sample of `scripts` (all, in the order of {@link SCRIPT_SAMPLES}, by
 * default), with Word's default font and page; `properties` go into each paragraph.
 */
export function scriptSamplesDocx(properties = '', scripts: readonly ScriptSample[] = Object.keys(SCRIPT_SAMPLES) as ScriptSample[]): Uint8Array<ArrayBuffer> {
  return buildTestDocx({ body: scripts.map((script) => scriptParagraph(script, properties)).join('') });
}
