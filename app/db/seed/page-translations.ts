/**
 * The demo translations of site pages (ADR 33): the home, about and contact pages in French and
 * Arabic, and the Legal page (privacy and terms) in French, published with the demo content, so
 * `/fr`, `/fr/about`, `/fr/contact`, `/fr/privacy`, `/ar` ... show them.
 * Each holds the page's words in the page's shape (pictures, links, figures and rows stay the
 * English page's) and is saved against the English words it translates, so none starts "behind
 * English". Partner names are proper names: the partner strip shows them in English by choice.
 */
import { eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { contentTranslations, sitePages, type TranslationDocument } from "~/db/schema";
import { pageDigest } from "~/features/translations/translations.server";
import { SITE_PAGE_SEED } from "~/features/site-pages/defaults";
import type { SitePageKey } from "~/features/site-pages/schemas";
import { frenchLegal } from "./legal-translation";

/** One demo page translation: the page, the language, its words and the sections shown in English while empty. */
type DemoPageTranslation = { key: SitePageKey; language: "fr" | "ar"; document: TranslationDocument };

const alt = (text: string) => ({ image: { alt: text } });

/** The English figures (keys, values, sources) with `labels` in their order: a figures translation's rows. */
function figureLabels(labels: readonly string[]) {
  return SITE_PAGE_SEED.figures.figures.map((figure, i) => ({ ...figure, label: labels[i] ?? "" }));
}

/** The demo page translations, French and Arabic. */
export const demoPageTranslations: DemoPageTranslation[] = [
  {
    key: "home",
    language: "fr",
    document: {
      fallback: ["partners"],
      fields: {
        hero: {
          slides: [alt("Une ligne d’immeubles neufs en ville"), alt("Une charpente métallique en construction"), alt("Des maisons reconstruites dans un village à flanc de colline")],
          badge: "Bienvenue chez Meridian Engineering",
          headline: "Bâtir un avenir résilient et durable",
          intro:
            "L’ingénierie structurelle pour des projets commerciaux ambitieux et des infrastructures résistantes aux catastrophes pour les communautés, depuis Londres jusqu’à des projets dans {countries} pays.",
        },
        partners: { heading: "La confiance d’organisations de premier plan dans le monde entier" },
        services: {
          eyebrow: "Nos métiers",
          title: "Deux disciplines, une même exigence d’ingénierie",
          description:
            "Que nous concevions l’ossature d’un nouvel immeuble de bureaux à Londres ou une école résistante aux cyclones au Mozambique, la même rigueur, le même soin et le même contrôle d’ingénieurs agréés s’appliquent.",
          cards: [
            {
              title: "Ingénierie commerciale",
              description: "Conception structurelle et conduite de projet pour les promoteurs, les entreprises et les architectes, au Royaume-Uni et à l’étranger.",
              points: [
                { title: "Excellence structurelle", text: "Des ossatures et des fondations efficaces et constructibles, conçues selon les Eurocodes." },
                { title: "Solutions durables", text: "Des matériaux moins carbonés, la réutilisation des structures existantes et une conception sobre." },
                { title: "Une conduite de projet exemplaire", text: "Des plannings clairs, un suivi de chantier réactif et aucune mauvaise surprise." },
              ],
            },
            {
              title: "Ingénierie humanitaire",
              description: "Des infrastructures résistantes aux catastrophes pour les gouvernements, les ONG et les communautés qu’ils servent.",
              points: [
                { title: "Après la catastrophe", text: "Évaluation rapide des dommages, réoccupation en sécurité et reconstruction résiliente." },
                { title: "Risques et prévention", text: "Les risques sismiques, d’inondation et de vent évalués et réduits avant la catastrophe." },
                { title: "Infrastructures communautaires", text: "Écoles, dispensaires, eau et abris conçus avec les constructeurs locaux." },
              ],
            },
          ],
        },
        about: {
          eyebrow: "À propos",
          title: "Des ingénieurs au service du cadre bâti et des communautés qui y vivent",
          paragraphs: [
            "Meridian Engineering est un cabinet de conseil basé à Londres, fondé par un ingénieur structure agréé et une spécialiste des infrastructures humanitaires. Depuis une dizaine d’années, notre équipe conçoit des logements, des bureaux et des bâtiments industriels au Royaume-Uni, ainsi que des écoles, des dispensaires et des abris résilients pour des communautés qui se relèvent de séismes, d’inondations et de tempêtes.",
            "Nous sommes une petite équipe par choix : chaque projet est dirigé par un fondateur, et chaque calcul est vérifié avant de quitter le bureau.",
          ],
          image: { alt: "Des maisons reconstruites et un nouveau château d’eau dans un village à flanc de colline" },
        },
        approach: {
          eyebrow: "Notre démarche",
          title: "La précision au service d’une mission",
          intro:
            "La bonne ingénierie ne se voit pas : des ouvrages qui fonctionnent, tout simplement, pendant des décennies, quels que soient le climat ou le sol. Trois idées guident notre manière d’y parvenir.",
          pillars: [
            { title: "Une ingénierie intelligente", description: "L’analyse et la modélisation numérique pour trouver la structure la plus simple qui remplit son rôle en toute sécurité." },
            { title: "Des infrastructures durables", description: "Des projets qui consomment moins de matière et de carbone et durent plus longtemps, en pensant d’abord à la réutilisation." },
            { title: "Penser la résilience face aux risques", description: "Chaque projet est éprouvé face aux aléas qu’il peut subir : séismes, inondations, tempêtes et climat qui change." },
          ],
        },
        projects: { eyebrow: "Nos réalisations", title: "Derniers projets" },
        insights: { eyebrow: "Articles", title: "Derniers articles" },
        team: {
          eyebrow: "Notre équipe",
          title: "Dirigée par des ingénieurs qui connaissent le terrain",
          description: "Nos fondateurs dirigent personnellement chaque projet, de la première consultation à la réception finale.",
        },
        testimonials: {
          eyebrow: "Témoignages",
          title: "Ce que disent nos clients",
          description: "Promoteurs, architectes, ONG et pouvoirs publics racontent leur collaboration avec nous.",
        },
        cta: {
          description:
            "Parlez-nous de votre projet lors d’un appel gratuit et sans engagement avec l’un de nos fondateurs. Nous vous dirons franchement comment nous pouvons vous aider.",
        },
      },
    },
  },
  {
    key: "home",
    language: "ar",
    document: {
      fallback: ["partners"],
      fields: {
        hero: {
          slides: [alt("أفق مدينة بمبانٍ جديدة"), alt("هيكل فولاذي إنشائي قيد البناء"), alt("منازل أُعيد بناؤها في قرية على سفح تل")],
          badge: "مرحبًا بكم في ميريديان للهندسة",
          headline: "نبني مستقبلًا مرنًا ومستدامًا",
          intro: "هندسة إنشائية لمشاريع تجارية طموحة، وبنى تحتية مقاومة للكوارث للمجتمعات، من لندن إلى مشاريع في {countries} دولة.",
        },
        partners: { heading: "تثق بنا مؤسسات رائدة حول العالم" },
        services: {
          eyebrow: "ما نقدّمه",
          title: "تخصصان ومعيار هندسي واحد",
          description: "سواء كنا نصمم هيكل مبنى مكاتب جديد في لندن أو مدرسة مقاومة للأعاصير في موزمبيق، نلتزم بالدقة نفسها والعناية نفسها وإشراف المهندسين المعتمدين ذاته.",
          cards: [
            {
              title: "الهندسة التجارية",
              description: "تصميم إنشائي وإدارة مشاريع للمطوّرين والمقاولين والمعماريين في المملكة المتحدة وخارجها.",
              points: [
                { title: "تميّز إنشائي", text: "هياكل وأساسات فعّالة وقابلة للتنفيذ، مصممة وفق المدونات الأوروبية (Eurocodes)." },
                { title: "حلول مستدامة", text: "مواد أقل كربونًا، وإعادة استخدام المنشآت القائمة، وتصميم رشيد." },
                { title: "إدارة مشاريع متميزة", text: "جداول زمنية واضحة، ودعم سريع في الموقع، ومن دون مفاجآت." },
              ],
            },
            {
              title: "الهندسة الإنسانية",
              description: "بنى تحتية مقاومة للكوارث للحكومات والمنظمات غير الحكومية والمجتمعات التي تخدمها.",
              points: [
                { title: "ما بعد الكارثة", text: "تقييم سريع للأضرار، وعودة آمنة إلى المباني، وإعادة إعمار مرنة." },
                { title: "المخاطر والحدّ منها", text: "تقييم مخاطر الزلازل والفيضانات والرياح والحدّ منها قبل وقوع الكارثة." },
                { title: "البنية التحتية المجتمعية", text: "مدارس وعيادات ومياه ومآوٍ نصممها مع البنّائين المحليين." },
              ],
            },
          ],
        },
        about: {
          eyebrow: "من نحن",
          title: "مهندسون في خدمة البيئة المبنية والمجتمعات التي تعيش فيها",
          paragraphs: [
            "ميريديان للهندسة مكتب استشاري مقره لندن، أسسه مهندس إنشائي معتمد وخبيرة في البنى التحتية الإنسانية. منذ نحو عقد من الزمن يصمم فريقنا المساكن والمكاتب والمباني الصناعية في المملكة المتحدة، ومدارس وعيادات ومآوي مرنة لمجتمعات تتعافى من الزلازل والفيضانات والعواصف.",
            "نحن فريق صغير عن قصد: يقود أحد المؤسسين كل مشروع، ويُراجَع كل تصميم قبل أن يغادر المكتب.",
          ],
          image: { alt: "منازل أُعيد بناؤها وخزان مياه جديد في قرية على سفح تل" },
        },
        approach: {
          eyebrow: "منهجنا",
          title: "دقة تخدم رسالة",
          intro: "الهندسة الجيدة لا تُرى: منشآت تؤدي عملها ببساطة لعقود، مهما كان الطقس أو طبيعة الأرض. ثلاث أفكار توجّه طريقتنا في تحقيق ذلك.",
          pillars: [
            { title: "هندسة ذكية", description: "نستخدم التحليل والنمذجة الرقمية لإيجاد أبسط منشأ يؤدي المهمة بأمان." },
            { title: "بنية تحتية مستدامة", description: "تصاميم تستهلك مواد وكربونًا أقل وتدوم أطول، مع التفكير في إعادة الاستخدام أولًا." },
            { title: "تفكير مرن في مواجهة المخاطر", description: "نختبر كل تصميم أمام المخاطر التي قد يواجهها: الزلازل والفيضانات والعواصف والمناخ المتغيّر." },
          ],
        },
        projects: { eyebrow: "أعمالنا", title: "أحدث المشاريع" },
        insights: { eyebrow: "مقالات", title: "أحدث المقالات" },
        team: {
          eyebrow: "فريقنا",
          title: "يقوده مهندسون خبروا العمل الميداني",
          description: "يقود مؤسسونا كل مشروع بأنفسهم، من الاستشارة الأولى حتى الفحص النهائي.",
        },
        testimonials: {
          eyebrow: "آراء العملاء",
          title: "ماذا يقول عملاؤنا",
          description: "مطوّرون ومعماريون ومنظمات غير حكومية وجهات حكومية يتحدثون عن العمل معنا.",
        },
        cta: { description: "حدّثنا عن مشروعك في مكالمة مجانية ومن دون أي التزام مع أحد مؤسسينا، وسنخبرك بصراحة كيف يمكننا المساعدة." },
      },
    },
  },
  {
    key: "about",
    language: "fr",
    document: {
      fallback: [],
      fields: {
        story: {
          title: "Une ingénierie qui protège les personnes et les lieux dont elles dépendent",
          intro:
            "Nous sommes un cabinet de conseil basé à Londres, avec deux pratiques liées : l’ingénierie structurelle pour les clients commerciaux, et des infrastructures résistantes aux catastrophes pour des communautés du monde entier.",
        },
        team: {
          title: "Les personnes derrière le cabinet",
          description: "Choisissez une étape de parcours pour en savoir plus.",
          people: [
            {
              name: "Daniel Mensah",
              role: "Fondateur et ingénieur structure principal, CEng MIStructE",
              photo: { alt: "Portrait de Daniel Mensah" },
              bio: "Daniel conçoit et vérifie des structures depuis plus de quinze ans au Royaume-Uni, en Afrique de l’Ouest et dans le Golfe, de la maison à ossature bois à l’ossature béton de vingt étages. Il a fondé le cabinet pour offrir aux promoteurs la rigueur d’un grand bureau d’études avec l’attention d’un petit, et dirige encore lui-même chaque revue de conception structurelle.",
              highlights: [{ label: "Années en ingénierie structurelle" }, { label: "Projets réalisés" }, { label: "Chiffre d’affaires de la première année" }],
              expertise: [
                "Conception d’ossatures en béton armé et en acier (Eurocodes)",
                "Conception des fondations et interface géotechnique",
                "Ouvrages provisoires et phasage de construction",
                "Diagnostics de réhabilitation et de changement d’usage",
                "Coordination BIM (Revit, Tekla)",
              ],
              experience: [
                {
                  year: "2021 – aujourd’hui",
                  title: "Fondateur et ingénieur principal",
                  description: "A créé le cabinet à Londres et constitué une clientèle de promoteurs, de bailleurs sociaux et d’ONG.",
                  details:
                    "Dirige la conception et la vérification structurelles de chaque mission, définit les procédures qualité du cabinet et encadre les jeunes ingénieurs. Plus de 30 projets menés à bien en logement, tertiaire et humanitaire, plus de 70 000 £ de chiffre d’affaires la première année et de nouvelles missions de la plupart des premiers clients.",
                  media: [{ file: { alt: "Ossature métallique d’un immeuble de bureaux de hauteur moyenne en construction, au crépuscule" } }],
                },
                {
                  year: "2015 – 2021",
                  title: "Ingénieur structure associé, bureau d’études pluridisciplinaire",
                  description: "A dirigé le lot structure d’opérations mixtes jusqu’à vingt étages à Londres et à Manchester.",
                  details:
                    "Responsable de l’avant-projet et de l’étude détaillée de dalles précontraintes, de structures de transfert et de fondations sur pieux ; coordination avec les architectes et les ingénieurs fluides des phases 2 à 5 du RIBA ; représentation du bureau en réunions de conception et lors des visites de chantier.",
                },
                {
                  year: "2009 – 2015",
                  title: "D’ingénieur débutant à ingénieur confirmé",
                  description: "Projets de logements et d’enseignement, puis infrastructures à l’étranger, au Ghana et au Qatar.",
                  details:
                    "Agréé par l’Institution of Structural Engineers en 2013. A conçu des bâtiments scolaires, une passerelle piétonne de 40 m et des logements de faible hauteur, et a passé dix-huit mois sur chantier à superviser des travaux de béton armé.",
                  media: [{ file: { alt: "Courte animation d’un modèle de structure en cours d’assemblage" } }],
                },
              ],
            },
            {
              name: "Sarah Whitfield",
              role: "Cofondatrice et directrice de l’ingénierie humanitaire",
              photo: { alt: "Portrait de Sarah Whitfield" },
              bio: "Sarah compte douze ans d’expérience de terrain et de programmes dans la reconstruction d’abris, de réseaux d’eau et de bâtiments publics après des séismes, des inondations et des cyclones. Elle intègre les normes humanitaires et la participation des communautés à chaque projet, et veille à ce que nos ouvrages puissent être construits avec la main-d’œuvre et les matériaux locaux.",
              highlights: [{ label: "Années en ingénierie humanitaire" }, { label: "Livraison dans les délais, environ" }, { label: "Pays d’intervention sur le terrain" }],
              expertise: [
                "Évaluation des dommages après une catastrophe et réoccupation en sécurité",
                "Évaluation multirisque (séisme, inondation, vent)",
                "Abris, eau-assainissement-hygiène et infrastructures scolaires",
                "Conception participative et renforcement des capacités locales",
                "Normes Sphère et comptes rendus aux bailleurs",
              ],
              experience: [
                {
                  year: "2021 – aujourd’hui",
                  title: "Cofondatrice et directrice de l’ingénierie humanitaire",
                  description: "Dirige la pratique humanitaire : évaluations, reconstruction résiliente et formation pour les ONG et les gouvernements.",
                  details:
                    "Mène des évaluations structurelles rapides après les catastrophes, conçoit des écoles et des dispensaires résilients et forme les constructeurs locaux. Environ 85 % des jalons de programme tenus dans les délais, malgré des conditions difficiles et changeantes.",
                  media: [{ file: { alt: "Maisons basses reconstruites et château d’eau dans un village à flanc de colline" } }],
                },
                {
                  year: "2016 – 2021",
                  title: "Conseillère abris et infrastructures, ONG internationale",
                  description: "Responsable technique de programmes de reconstruction au Népal, au Mozambique et aux Philippines.",
                  details:
                    "A conçu des maisons résistantes aux séismes et aux cyclones, rédigé des supports de formation des constructeurs dans les langues locales et dirigé des équipes d’ingénieurs allant jusqu’à 25 personnes dans plusieurs districts.",
                },
                {
                  year: "2012 – 2016",
                  title: "Ingénieure civile, eau et assainissement",
                  description: "A conçu des adductions d’eau gravitaires et des protections contre les crues pour des communautés rurales d’Afrique de l’Est.",
                  details:
                    "A relevé et conçu des réseaux d’alimentation en eau desservant plus de 20 000 personnes, et travaillé avec les autorités locales sur des plans d’entretien pour que les installations restent en service.",
                },
              ],
            },
          ],
        },
        expertise: {
          title: "Domaines d’expertise",
          description: "Une équipe resserrée, forte d’une solide expérience en ingénierie commerciale comme humanitaire.",
          areas: [
            { title: "Conception structurelle", description: "Structures en béton, acier, bois et maçonnerie selon les Eurocodes et la réglementation britannique." },
            { title: "Résilience aux catastrophes", description: "Génie parasismique, inondations et vent, pour des bâtiments qui restent debout et utilisables." },
            { title: "Infrastructures durables", description: "Moins de carbone intrinsèque, réutilisation des structures existantes et adaptation au climat." },
            { title: "Conduite de projet", description: "De la faisabilité à la livraison : plannings, suivi de chantier et représentation du client." },
            { title: "Évaluation des risques", description: "Des études d’aléas et de vulnérabilité qui transforment l’incertitude en un plan financé." },
            { title: "Renforcement des capacités", description: "Formation des constructeurs, des ingénieurs et des autorités locales." },
          ],
        },
        countries: {
          heading: "Nous intervenons dans 17 pays",
          intro: "De Londres à l’Himalaya et aux Caraïbes, nos ingénieurs ont conçu, évalué et construit aux côtés de partenaires locaux.",
          list: [
            "Royaume-Uni",
            "Irlande",
            "Nigeria",
            "Ghana",
            "Kenya",
            "Ouganda",
            "Malawi",
            "Mozambique",
            "Éthiopie",
            "Népal",
            "Bangladesh",
            "Pakistan",
            "Philippines",
            "Indonésie",
            "Haïti",
            "Turquie",
          ],
        },
        values: {
          title: "Nos engagements",
          items: [
            { title: "L’excellence technique", description: "Analyse rigoureuse, vérification indépendante et contrôle d’ingénieurs agréés sur chaque projet, petit ou grand." },
            { title: "L’impact humanitaire", description: "Nous mesurons notre réussite à la sécurité et au bien-être des personnes qui vivent et travaillent dans ce que nous concevons." },
            { title: "La collaboration", description: "Nous formons une seule équipe avec les clients, les architectes, les entreprises et les communautés, et partageons ce que nous savons." },
            { title: "Innovation et durabilité", description: "Des méthodes nouvelles et des matériaux bas carbone quand ils apportent quelque chose, des pratiques éprouvées sinon." },
          ],
        },
      },
    },
  },
  {
    key: "about",
    language: "ar",
    document: {
      fallback: [],
      fields: {
        story: {
          title: "هندسة تحمي الناس والأماكن التي يعتمدون عليها",
          intro: "نحن مكتب استشاري مقره لندن يضم ممارستين مترابطتين: الهندسة الإنشائية للعملاء التجاريين، والبنى التحتية المقاومة للكوارث للمجتمعات حول العالم.",
        },
        team: {
          title: "تعرّف على الأشخاص وراء المكتب",
          description: "اختر محطة من المسيرة المهنية لقراءة المزيد عنها.",
          people: [
            {
              name: "دانيال منساه",
              role: "المؤسس وكبير المهندسين الإنشائيين، CEng MIStructE",
              photo: { alt: "صورة شخصية لدانيال منساه" },
              bio: "أمضى دانيال أكثر من خمسة عشر عامًا في تصميم المنشآت ومراجعتها في المملكة المتحدة وغرب أفريقيا والخليج، من المساكن ذات الهياكل الخشبية إلى الهياكل الخرسانية ذات العشرين طابقًا. أسس المكتب ليمنح المطوّرين دقة المكاتب الاستشارية الكبيرة مع عناية المكاتب الصغيرة، ولا يزال يقود بنفسه كل مراجعة للتصميم الإنشائي.",
              highlights: [{ label: "سنوات في الهندسة الإنشائية" }, { label: "مشاريع منجزة" }, { label: "الإيرادات في السنة الأولى" }],
              expertise: [
                "تصميم الهياكل الخرسانية المسلحة والفولاذية (Eurocodes)",
                "تصميم الأساسات والتكامل الجيوتقني",
                "الأعمال المؤقتة وتسلسل التنفيذ",
                "تقييمات التأهيل وتغيير الاستخدام",
                "تنسيق نمذجة معلومات البناء (Revit وTekla)",
              ],
              experience: [
                {
                  year: "2021 – حتى الآن",
                  title: "المؤسس وكبير المهندسين",
                  description: "أسس المكتب في لندن وبنى قاعدة عملاء من المطوّرين وجمعيات الإسكان والمنظمات غير الحكومية.",
                  details:
                    "يقود التصميم الإنشائي ومراجعته في كل تكليف، ويضع إجراءات الجودة في المكتب ويوجّه المهندسين الناشئين. أُنجز أكثر من 30 مشروعًا سكنيًا وتجاريًا وإنسانيًا، وتجاوزت الإيرادات 70,000 جنيه إسترليني في السنة الأولى، وعاد معظم العملاء الأوائل بتكليفات جديدة.",
                  media: [{ file: { alt: "هيكل فولاذي لمبنى تجاري متوسط الارتفاع قيد الإنشاء عند الغروب" } }],
                },
                {
                  year: "2015 – 2021",
                  title: "مهندس إنشائي مشارك، مكتب استشاري متعدد التخصصات",
                  description: "قاد الأعمال الإنشائية في مشاريع متعددة الاستخدامات تصل إلى عشرين طابقًا في لندن ومانشستر.",
                  details:
                    "مسؤول عن التصميم المبدئي والتفصيلي للبلاطات مسبقة الإجهاد ومنشآت النقل والأساسات على الخوازيق؛ نسّق مع المعماريين ومهندسي الخدمات خلال المراحل من 2 إلى 5 من مراحل RIBA، ومثّل المكتب في اجتماعات فريق التصميم وزيارات الموقع.",
                },
                {
                  year: "2009 – 2015",
                  title: "من مهندس حديث التخرج إلى مهندس أول",
                  description: "مشاريع سكنية وتعليمية، ثم أعمال بنية تحتية في غانا وقطر.",
                  details:
                    "حصل على الاعتماد من معهد المهندسين الإنشائيين عام 2013. صمم مباني مدرسية وجسرًا للمشاة بطول 40 مترًا ومساكن منخفضة الارتفاع، وأمضى ثمانية عشر شهرًا في الموقع مشرفًا على أعمال الخرسانة المسلحة.",
                  media: [{ file: { alt: "رسم متحرك قصير لنموذج إنشائي يجري تجميعه" } }],
                },
              ],
            },
            {
              name: "سارة ويتفيلد",
              role: "الشريكة المؤسسة ومديرة الهندسة الإنسانية",
              photo: { alt: "صورة شخصية لسارة ويتفيلد" },
              bio: "تمتلك سارة اثني عشر عامًا من الخبرة الميدانية وإدارة البرامج في إعادة بناء المآوي وشبكات المياه والمباني العامة بعد الزلازل والفيضانات والأعاصير. تُدخل المعايير الإنسانية ومشاركة المجتمع في كل مشروع، وتحرص على أن تُبنى تصاميمنا بالأيدي العاملة والمواد المحلية.",
              highlights: [{ label: "سنوات في الهندسة الإنسانية" }, { label: "التسليم في الموعد، تقريبًا" }, { label: "دول العمل الميداني" }],
              expertise: [
                "تقييم الأضرار بعد الكوارث والعودة الآمنة إلى المباني",
                "تقييم المخاطر المتعددة (الزلازل والفيضانات والرياح)",
                "المآوي والمياه والصرف الصحي والبنية التحتية المدرسية",
                "التصميم بقيادة المجتمع وبناء القدرات المحلية",
                "معايير اسفير وتقارير الجهات المانحة",
              ],
              experience: [
                {
                  year: "2021 – حتى الآن",
                  title: "الشريكة المؤسسة ومديرة الهندسة الإنسانية",
                  description: "تقود الممارسة الإنسانية: التقييمات وإعادة الإعمار المرنة والتدريب للمنظمات غير الحكومية والحكومات.",
                  details:
                    "تجري تقييمات إنشائية سريعة بعد الكوارث، وتصمم مدارس وعيادات مرنة، وتدرّب البنّائين المحليين. أُنجز نحو 85% من مراحل البرامج في موعدها رغم العمل في ظروف صعبة ومتغيرة.",
                  media: [{ file: { alt: "منازل منخفضة أُعيد بناؤها وخزان مياه في قرية على سفح تل" } }],
                },
                {
                  year: "2016 – 2021",
                  title: "مستشارة المآوي والبنية التحتية، منظمة دولية غير حكومية",
                  description: "المسؤولة الفنية عن برامج إعادة الإعمار في نيبال وموزمبيق والفلبين.",
                  details: "طوّرت تصاميم منازل مقاومة للزلازل والأعاصير، وكتبت مواد تدريب البنّائين باللغات المحلية، وأدارت فرقًا هندسية تضم حتى 25 شخصًا في عدة مقاطعات.",
                },
                {
                  year: "2012 – 2016",
                  title: "مهندسة مدنية، المياه والصرف الصحي",
                  description: "صممت شبكات مياه تعمل بالجاذبية وحواجز للفيضانات لمجتمعات ريفية في شرق أفريقيا.",
                  details: "أجرت المسوحات وصممت مشاريع إمداد بالمياه تخدم أكثر من 20,000 شخص، وعملت مع السلطات المحلية على خطط صيانة تضمن استمرار عمل الشبكات.",
                },
              ],
            },
          ],
        },
        expertise: {
          title: "مجالات الخبرة",
          description: "فريق صغير بخبرة عميقة في الهندسة التجارية والإنسانية معًا.",
          areas: [
            { title: "التصميم الإنشائي", description: "منشآت من الخرسانة والفولاذ والخشب والطوب وفق المدونات الأوروبية ولوائح البناء البريطانية." },
            { title: "المرونة في مواجهة الكوارث", description: "هندسة الزلازل والفيضانات والرياح لمبانٍ تبقى قائمة وصالحة للاستخدام." },
            { title: "بنية تحتية مستدامة", description: "كربون مضمَّن أقل، وإعادة استخدام المنشآت القائمة، والتكيّف مع المناخ." },
            { title: "تنفيذ المشاريع", description: "من دراسة الجدوى حتى التسليم: الجداول الزمنية والدعم في الموقع وتمثيل العميل." },
            { title: "تقييم المخاطر", description: "دراسات للمخاطر ومواطن الضعف تحوّل عدم اليقين إلى خطة ممولة." },
            { title: "بناء القدرات", description: "تدريب البنّائين والمهندسين والسلطات المحلية." },
          ],
        },
        countries: {
          heading: "يمتد عملنا إلى 17 دولة",
          intro: "من لندن إلى جبال الهيمالايا والبحر الكاريبي، صمم مهندسونا وقيّموا وبنوا جنبًا إلى جنب مع شركاء محليين.",
          list: ["المملكة المتحدة", "أيرلندا", "نيجيريا", "غانا", "كينيا", "أوغندا", "ملاوي", "موزمبيق", "إثيوبيا", "نيبال", "بنغلاديش", "باكستان", "الفلبين", "إندونيسيا", "هايتي", "تركيا"],
        },
        values: {
          title: "ما نؤمن به",
          items: [
            { title: "التميّز الهندسي", description: "تحليل دقيق ومراجعة مستقلة وإشراف مهندسين معتمدين على كل مشروع، كبيرًا كان أم صغيرًا." },
            { title: "الأثر الإنساني", description: "نقيس نجاحنا بسلامة ورفاه الناس الذين يعيشون ويعملون في ما نصممه." },
            { title: "العمل التشاركي", description: "نعمل فريقًا واحدًا مع العملاء والمعماريين والمقاولين والمجتمعات، ونشارك ما نعرفه." },
            { title: "الابتكار والاستدامة", description: "أساليب جديدة ومواد منخفضة الكربون حيث تضيف قيمة، وممارسات مجرّبة حيث لا تضيف." },
          ],
        },
      },
    },
  },
  {
    key: "contact",
    language: "fr",
    document: {
      fallback: ["socialLinks"],
      fields: {
        intro:
          "Que vous prépariez un projet immobilier ou que vous renforciez la résilience d’une région exposée aux catastrophes, nos ingénieurs sont prêts à vous aider. Dites-nous ce dont vous avez besoin : nous vous répondrons sous 24 heures.",
        openingHours: [{ days: "Du lundi au vendredi", hours: "de 9 h à 17 h 30" }],
        replyNote: "Nous répondons sous 24 heures, du lundi au vendredi.",
        addressLines: ["Londres", "Royaume-Uni"],
      },
    },
  },
  {
    key: "contact",
    language: "ar",
    document: {
      fallback: ["socialLinks"],
      fields: {
        intro: "سواء كنت تخطط لمشروع تجاري أو تعمل على تعزيز المرونة في منطقة معرّضة للكوارث، فإن مهندسينا على استعداد للمساعدة. أخبرنا بما تحتاجه وسنردّ خلال 24 ساعة.",
        openingHours: [{ days: "من الاثنين إلى الجمعة", hours: "من 9:00 إلى 17:30" }],
        replyNote: "نردّ خلال 24 ساعة، من الاثنين إلى الجمعة.",
        addressLines: ["لندن", "المملكة المتحدة"],
      },
    },
  },
  // The company figures' labels (their keys and values are the English page's).
  {
    key: "figures",
    language: "fr",
    document: {
      fallback: [],
      fields: {
        figures: figureLabels([
          "Années d’expérience",
          "Clients satisfaits",
          "Pays",
          "Années en ingénierie structurelle (fondateur principal)",
          "Années en ingénierie humanitaire (cofondatrice)",
          "Projets réalisés",
          "Chiffre d’affaires de la première année",
          "Livraison dans les délais, environ",
          "Pays d’intervention sur le terrain",
          "Pays de projets commerciaux",
          "Projets humanitaires",
        ]),
      },
    },
  },
  {
    key: "figures",
    language: "ar",
    document: {
      fallback: [],
      fields: {
        figures: figureLabels([
          "سنوات من الخبرة",
          "رضا العملاء",
          "دولة",
          "سنوات في الهندسة الإنشائية (المؤسس الرئيسي)",
          "سنوات في الهندسة الإنسانية (الشريكة المؤسسة)",
          "مشاريع منجزة",
          "الإيرادات في السنة الأولى",
          "التسليم في الموعد، تقريبًا",
          "دول العمل الميداني",
          "دول المشاريع التجارية",
          "مشاريع إنسانية",
        ]),
      },
    },
  },
  // The privacy policy and the terms in French (./legal-translation.ts).
  { key: "legal", language: "fr", document: frenchLegal },
];

/** Inserts the demo page translations, published, after the pages exist (`ensurePages`). */
export async function seedPageTranslations(tx: Transaction, now: Date = new Date()): Promise<void> {
  for (const t of demoPageTranslations) {
    const [page] = await tx.select().from(sitePages).where(eq(sitePages.key, t.key));
    if (!page) throw new Error(`The site page ${t.key} is missing`);
    await tx.insert(contentTranslations).values({
      entityType: "page",
      entityId: page.id,
      language: t.language,
      draft: t.document,
      published: t.document,
      publishedAt: now,
      sourceVersion: page.version,
      sourceDigest: pageDigest(t.key, page.published ?? SITE_PAGE_SEED[t.key]),
    });
  }
}
