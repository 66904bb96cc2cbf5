/**
 * The demo translations (ADR 33): the featured project and one article in French and Arabic,
 * published with the demo content, so `/fr/projects/tour-mixte-thames-wharf`,
 * `/ar/insights/madaris-tasmud-amam-alzalazil` ... show them. Each is saved against the English
 * words it translates, so none starts "behind English".
 */
import { eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { cmsProjects, contentTranslations, insights, type InsightBlock, type TranslationDocument } from "~/db/schema";
import { englishDigest } from "~/features/translations/translations.server";
import type { TranslatableKind } from "~/features/translations/fields";

const p = (content: string): InsightBlock => ({ type: "paragraph", content });
const h2 = (content: string): InsightBlock => ({ type: "heading", level: 2, content });
const h3 = (content: string): InsightBlock => ({ type: "heading", level: 3, content });
const quote = (content: string): InsightBlock => ({ type: "quote", content });
const list = (...items: string[]): InsightBlock => ({ type: "list", items });

/** One demo translation: the English item's slug, the language, the translated address and fields. */
type DemoTranslation = { kind: TranslatableKind; englishSlug: string; language: "fr" | "ar"; slug: string; fields: Record<string, unknown> };

const THAMES = "thames-wharf-mixed-use-tower";
const SCHOOLS = "designing-schools-for-earthquakes";

/** The demo translations, French and Arabic. */
export const demoTranslations: DemoTranslation[] = [
  {
    kind: "project",
    englishSlug: THAMES,
    language: "fr",
    slug: "tour-mixte-thames-wharf",
    fields: {
      title: "Tour mixte de Thames Wharf",
      subtitle: "Une tour de 32 étages de logements et de bureaux sur une parcelle exiguë au bord de la Tamise",
      overview:
        "Conception structurelle complète d’une tour de 32 étages comptant 214 logements au-dessus de deux niveaux d’espaces de travail modulables, construite au-dessus d’une servitude d’égout en service le long de la Tamise. Un noyau hybride en béton et des dalles plates précontraintes ont permis de garder des planchers minces et d’offrir au client un étage supplémentaire dans la hauteur autorisée.",
      challenge:
        "Le site se trouve au-dessus d’un égout victorien, en zone inondable de la Tamise soumise aux marées, sur de l’argile de Londres recouverte de remblais et de graviers de terrasse alluviale. Les charges devaient franchir la servitude sans surcharger l’égout, et le calendrier ne laissait aucune place à un sous-sol classique.",
      approach:
        "Avec l’équipe géotechnique, nous avons modélisé l’interaction sol-structure pour dimensionner un radier sur pieux qui enjambe la servitude grâce à des poutres de transfert. L’implication précoce de l’entreprise nous a permis de figer le phasage du noyau pour un coffrage glissant et de coordonner en BIM, dès la phase 3 du RIBA, le tracé de la précontrainte avec les réseaux techniques.",
      solution:
        "Un noyau en béton armé coulé en coffrage glissant, des dalles précontraintes de 225 mm sur une trame de 9 m et un plateau de transfert au niveau 2 qui porte la tour au-dessus de la servitude jusqu’à des pieux forés de 900 mm. Le laitier de haut fourneau moulu a remplacé 50 % du ciment du noyau et des dalles.",
      impact:
        "La tour a atteint sa hauteur finale six semaines en avance. Des dalles plus minces ont économisé 1 900 tonnes de béton par rapport au projet du permis de construire, et le carbone intrinsèque de l’ossature s’établit à 310 kgCO2e/m², sous l’objectif LETI 2025 pour les tours résidentielles.",
    },
  },
  {
    kind: "project",
    englishSlug: THAMES,
    language: "ar",
    slug: "burj-thames-wharf",
    fields: {
      title: "برج تيمز وارف متعدد الاستخدامات",
      subtitle: "برج من 32 طابقًا للسكن ومساحات العمل على قطعة أرض ضيقة على ضفة النهر",
      overview:
        "تصميم إنشائي كامل لبرج من 32 طابقًا يضم 214 وحدة سكنية فوق طابقين من مساحات العمل المرنة، شُيّد فوق حرم مجرى صرف صحي عامل بمحاذاة نهر التيمز. أتاحت نواة خرسانية هجينة وبلاطات مسطحة مسبقة الإجهاد الحفاظ على أسقف رفيعة، ومنحت العميل طابقًا إضافيًا ضمن الارتفاع المسموح به في التخطيط.",
      challenge:
        "يقع الموقع فوق مجرى صرف يعود إلى العصر الفيكتوري وضمن منطقة فيضان التيمز المدّي، وتتكوّن تربته من طين لندن تعلوه ردميات وحصى مصاطب نهرية. كان لا بد من نقل الأحمال فوق الحرم دون تحميل مجرى الصرف، ولم يترك الجدول الزمني مجالًا لقبو تقليدي.",
      approach:
        "أعددنا مع الفريق الجيوتقني نماذج للتفاعل بين التربة والمنشأ لتحديد أبعاد لبشة على خوازيق تمتد فوق الحرم بواسطة جسور نقل. وأتاح إشراك المقاول مبكرًا تثبيت تسلسل تنفيذ النواة بالقوالب المنزلقة، وتنسيق مسارات الإجهاد المسبق مع شبكات الخدمات في نمذجة معلومات البناء (BIM) منذ المرحلة الثالثة من مراحل RIBA.",
      solution:
        "نواة من الخرسانة المسلحة مصبوبة بقوالب منزلقة، وبلاطات مسبقة الإجهاد بسماكة 225 مم على شبكة من 9 أمتار، وسطح نقل في الطابق الثاني يحمل البرج فوق الحرم إلى خوازيق محفورة بقطر 900 مم. وحلّ خبث الأفران العالية المطحون محل 50% من الإسمنت في النواة والبلاطات.",
      impact:
        "اكتمل الهيكل قبل موعده بستة أسابيع. ووفّرت البلاطات الأرقّ 1,900 طن من الخرسانة مقارنة بتصميم مرحلة التخطيط، وبلغ الكربون المتجسد في الهيكل 310 كغ مكافئ ثاني أكسيد الكربون لكل متر مربع، أي ضمن هدف LETI لعام 2025 للأبراج السكنية.",
    },
  },
  {
    kind: "insight",
    englishSlug: SCHOOLS,
    language: "fr",
    slug: "ecoles-resistantes-aux-seismes",
    fields: {
      title: "Concevoir des écoles qui résistent aux séismes",
      subtitle: "Ce que dix ans de travail au Népal nous ont appris sur la sécurité des écoles là où les ressources manquent",
      excerpt:
        "La sécurité des écoles ne tient pas qu’aux normes de calcul. Elle dépend des maçons locaux, des matériaux locaux et de bâtiments que les communautés peuvent entretenir.",
      summary:
        "Après le séisme de Gorkha en 2015, plus de 7 000 écoles ont été endommagées. Notre programme de renforcement a montré que des détails simples et reproductibles, exécutés par des maçons locaux formés, sont plus efficaces que des conceptions sophistiquées impossibles à construire ou à entretenir sur place.",
      content: [
        p("En avril 2015, le séisme de Gorkha a endommagé ou détruit plus de 7 000 écoles au Népal. Il a frappé un samedi, quand les salles de classe étaient vides. Un jour de semaine, les pertes parmi les enfants auraient été catastrophiques."),
        h2("Pourquoi les écoles s’effondrent"),
        p("La plupart des écoles rurales étaient bâties en maçonnerie de pierre au mortier de terre, avec des toitures lourdes et sans chaînages horizontaux. Les murs se désolidarisent aux angles, les toitures poussent les murs vers l’extérieur et les pignons s’effondrent."),
        h3("Les modes de rupture que nous avons le plus souvent relevés"),
        list("Décollement des angles des murs non armés", "Effondrement hors plan des murs longs et des pignons", "Glissement des charpentes hors des têtes de murs", "Rupture du talus sous le bâtiment"),
        h2("Ce qui fonctionne"),
        p("Les renforts par attelles et bandages, les chaînages en bois ou en béton et les toitures légères ne sont pas des idées nouvelles. Ce qui les rend efficaces, c’est un ensemble de détails types que les maçons locaux apprennent en quelques jours et reproduisent d’une école à l’autre."),
        quote("Nous n’avions pas besoin d’une meilleure norme de calcul. Il nous fallait, dans chaque village, des bâtisseurs sachant relier un mur à une toiture."),
        p("Quarante-six maçons formés par notre programme ont depuis renforcé plus de 120 maisons, bien après le départ de nos ingénieurs."),
      ],
    },
  },
  {
    kind: "insight",
    englishSlug: SCHOOLS,
    language: "ar",
    slug: "madaris-tasmud-amam-alzalazil",
    fields: {
      title: "تصميم مدارس تصمد أمام الزلازل",
      subtitle: "ما تعلّمناه من عقد من العمل في نيبال عن سلامة المدارس في البيئات محدودة الموارد",
      excerpt: "لا تقتصر سلامة المدارس على اشتراطات التصميم، بل تعتمد على البنّائين المحليين والمواد المحلية ومبانٍ تستطيع المجتمعات صيانتها.",
      summary:
        "بعد زلزال غوركها عام 2015 تضررت أكثر من 7,000 مدرسة. وقد أظهر برنامجنا لتقوية المباني أن التفاصيل البسيطة القابلة للتكرار، التي ينفّذها بنّاؤون محليون مدرَّبون، تتفوق على التصاميم المعقدة التي يتعذر بناؤها أو صيانتها في الموقع.",
      content: [
        p("في أبريل 2015 ألحق زلزال غوركها أضرارًا بأكثر من 7,000 مدرسة في نيبال أو دمّرها. وقع الزلزال يوم سبت حين كانت الفصول خالية، ولو وقع في يوم دراسي لكانت الخسائر في أرواح الأطفال كارثية."),
        h2("لماذا تنهار المدارس"),
        p("بُنيت معظم المدارس الريفية من الحجر بمونة طينية، بأسقف ثقيلة ومن دون أحزمة أفقية. فتنفصل الجدران عند الأركان، وتدفع الأسقف الجدران إلى الخارج، وتنهار الجدران الجملونية."),
        h3("أنماط الانهيار الشائعة التي رصدناها"),
        list("انفصال أركان الجدران غير المسلحة", "انهيار الجدران الطويلة والجملونات خارج مستواها", "انزلاق أخشاب السقف عن رؤوس الجدران", "انهيار المنحدر أسفل المبنى"),
        h2("ما الذي ينجح"),
        p("ليست التقوية بالجبائر والأربطة، ولا الأحزمة الخشبية أو الخرسانية، ولا الأسقف الخفيفة أفكارًا جديدة. ما يجعلها فعّالة هو مجموعة موحّدة من التفاصيل يتعلمها البنّاؤون المحليون في أيام ويكررونها في مدارس كثيرة."),
        quote("لم نكن بحاجة إلى اشتراطات تصميم أفضل، بل إلى بنّائين في كل قرية يعرفون كيف يربطون الجدار بالسقف."),
        p("ومنذ ذلك الحين قام ستة وأربعون بنّاءً درّبهم برنامجنا بتقوية أكثر من 120 منزلًا، بعد مغادرة مهندسينا بوقت طويل."),
      ],
    },
  },
];

/** Inserts the demo translations, published, after the demo projects and insights. */
export async function seedTranslations(tx: Transaction): Promise<void> {
  for (const t of demoTranslations) {
    const table = (t.kind === "project" ? cmsProjects : insights) as unknown as typeof cmsProjects;
    const [english] = await tx.select().from(table).where(eq(table.slug, t.englishSlug));
    if (!english) throw new Error(`The demo ${t.kind} ${t.englishSlug} is missing`);
    const document: TranslationDocument = { fields: t.fields, fallback: [] };
    const row = english as unknown as { publishedAt?: Date | null; publishedDate?: Date | null; createdAt: Date };
    await tx.insert(contentTranslations).values({
      entityType: t.kind,
      entityId: english.id,
      language: t.language,
      slug: t.slug,
      draft: document,
      published: document,
      publishedAt: row.publishedAt ?? row.publishedDate ?? row.createdAt,
      sourceVersion: english.version,
      sourceDigest: englishDigest(t.kind, english as unknown as Record<string, unknown>),
    });
  }
}
