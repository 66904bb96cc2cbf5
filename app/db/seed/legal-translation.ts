/**
 * The demo translation of the Legal site page (the privacy policy and the terms) into French
 * (ADR 33), published with the demo content, so `/fr/privacy` and `/fr/terms` show it. The
 * sections written from the settings (cookies, visit statistics, retention) come from the
 * catalogue, not from here.
 */
import type { TranslationDocument } from "~/db/schema";
import { bold, bullets, EMAIL, h2, italic, para } from "~/features/site-pages/defaults/legal";

/** The Legal page in French: both documents translated, nothing shown in English. */
export const frenchLegal: TranslationDocument = {
  fallback: [],
  fields: {
    privacy: {
      updated: "1er septembre 2025",
      intro: "Cette politique explique quelles données personnelles nous collectons lorsque vous utilisez ce site ou nous contactez, pourquoi nous les collectons, et quels sont vos droits.",
      body: [
        h2("Qui sommes-nous"),
        para(
          "Meridian Engineering Ltd (« nous ») est un bureau d’études d’ingénierie basé à Londres, au Royaume-Uni. Nous sommes le responsable du traitement des données personnelles décrites dans cette politique au sens du RGPD britannique (UK GDPR) et du Data Protection Act 2018.",
        ),
        para("Pour toute question sur cette politique ou sur la façon dont nous traitons vos données, écrivez-nous à ", EMAIL, " ou appelez le +44 20 7946 0321."),
        h2("Les données que nous collectons"),
        para("Nous ne collectons que les données personnelles dont nous avons besoin :"),
        bullets(
          [bold("Demandes :"), " votre nom, votre adresse e-mail, votre entreprise (facultatif), le type de demande et votre message, lorsque vous utilisez notre formulaire de contact."],
          [bold("Réservations de consultation :"), " votre nom, votre adresse e-mail, votre numéro de téléphone (s’il est donné), votre entreprise, les détails du projet et l’horaire choisi, lorsque vous réservez une consultation gratuite."],
          [bold("Correspondance :"), " tout ce que vous nous envoyez par e-mail ou par téléphone, et nos réponses."],
          [bold("Données techniques :"), " votre adresse IP et des informations de base sur les requêtes, conservées dans les journaux de notre serveur pour la sécurité, et les statistiques de visite décrites plus bas."],
        ),
        h2("Comment nous utilisons vos données et sur quelles bases légales"),
        bullets(
          ["Pour répondre à votre demande, organiser et tenir les consultations : notre ", italic("intérêt légitime"), " à répondre aux personnes qui nous contactent, ou des ", italic("mesures précontractuelles"), " prises à votre demande."],
          ["Pour fournir nos services d’ingénierie et tenir les dossiers de projet : l’", italic("exécution d’un contrat"), " et une ", italic("obligation légale"), " (par exemple la tenue de registres professionnels et fiscaux)."],
          ["Pour sécuriser le site et prévenir les abus, par exemple en limitant les envois répétés de formulaires : notre ", italic("intérêt légitime"), "."],
          ["Pour compter les visites et voir quelles pages mènent à des demandes, sans cookie (voir « Statistiques de visite ») : notre ", italic("intérêt légitime"), "."],
        ),
        h2("Avec qui nous partageons les données"),
        para("Nous ne vendons jamais vos données. Nous les partageons uniquement avec des prestataires qui les traitent pour notre compte, sous contrat :"),
        bullets(
          "nos hébergeurs du site et de la base de données ;",
          "notre prestataire de messagerie, pour envoyer et recevoir les messages et les confirmations de réservation ;",
          "nos conseils professionnels, assureurs et les autorités lorsque la loi l’exige.",
        ),
        para("Lorsqu’un prestataire traite des données hors du Royaume-Uni, nous nous appuyons sur les décisions d’adéquation britanniques ou sur l’International Data Transfer Agreement pour les protéger."),
      ],
      closing: [
        h2("Vos droits"),
        para("Au titre du RGPD britannique, vous avez le droit :"),
        bullets(
          "d’accéder aux données personnelles que nous détenons sur vous ;",
          "de faire corriger des données inexactes ;",
          "de faire effacer vos données, ou d’en limiter l’usage, dans certains cas ;",
          "de vous opposer à un traitement fondé sur l’intérêt légitime ;",
          "de retirer votre consentement à tout moment, sans effet sur le traitement antérieur ;",
          "à la portabilité des données, lorsque le traitement repose sur le consentement ou un contrat.",
        ),
        para("Pour exercer l’un de ces droits, écrivez à ", EMAIL, ". Nous répondrons dans un délai d’un mois. Dans la plupart des cas, c’est gratuit."),
        h2("Sécurité"),
        para(
          "Nous protégeons vos données par des connexions chiffrées (HTTPS), des accès réservés au personnel qui en a besoin et des mises à jour régulières de nos systèmes. Aucune transmission par Internet n’est totalement sûre, mais nous prenons des mesures raisonnables pour protéger vos informations.",
        ),
        h2("Réclamations"),
        para(
          "Si vous n’êtes pas satisfait de la façon dont nous avons traité vos données, contactez-nous d’abord à ",
          EMAIL,
          ". Vous pouvez aussi déposer une réclamation auprès de l’Information Commissioner’s Office (ICO), l’autorité britannique de protection des données, sur ",
          { text: "ico.org.uk", href: "https://ico.org.uk/make-a-complaint/" },
          " ou au 0303 123 1113.",
        ),
        h2("Modifications de cette politique"),
        para("Nous pouvons mettre à jour cette politique de temps à autre. La date en haut de page indique sa dernière modification."),
      ],
    },
    terms: {
      updated: "1er septembre 2025",
      intro: "Veuillez lire attentivement ces conditions avant d’utiliser ce site ou de réserver une consultation.",
      body: [
        h2("À propos de ces conditions"),
        para("Ce site est exploité par Meridian Engineering Ltd, un bureau d’études d’ingénierie basé à Londres, au Royaume-Uni. En utilisant le site, vous acceptez ces conditions. Si vous ne les acceptez pas, merci de ne pas utiliser le site."),
        h2("Les informations de ce site"),
        para("Le contenu de ce site, y compris les descriptions de projets et les articles, est une information générale sur notre travail. Ce n’est pas un conseil d’ingénierie pour un site ou un ouvrage particulier et il ne doit pas être utilisé comme tel."),
        para("Nous ne donnons de conseil d’ingénierie que dans le cadre d’une mission écrite qui fixe l’étendue de nos services, nos honoraires et notre responsabilité. Nous veillons à l’exactitude du site, sans garantir qu’il soit complet ou exempt d’erreurs."),
        h2("Consultations gratuites et demandes"),
        para("Les consultations gratuites sont un premier échange, sans engagement, sur votre projet. Les avis que nous y exprimons sont préliminaires et ne constituent ni une conception, ni un rapport, ni un certificat. Aucun contrat de services n’existe tant que nous n’avons pas tous deux signé une lettre de mission."),
        para("Pour annuler ou déplacer une consultation réservée, utilisez le lien de votre e-mail de confirmation ou écrivez-nous à ", EMAIL, "."),
        h2("Utilisation acceptable"),
        bullets(
          "N’utilisez pas le site de manière illégale ou frauduleuse, ni d’une façon qui nuise au site ou à ses utilisateurs.",
          "N’envoyez pas de fausses informations, de spam, ni de contenu offensant ou portant atteinte aux droits d’autrui.",
          "Ne tentez pas d’accéder sans autorisation au site, à son serveur ou à une base de données qui lui est liée.",
        ),
        h2("Propriété intellectuelle"),
        para("Tout le contenu de ce site, y compris les textes, images, plans et logos, nous appartient ou appartient à nos concédants et est protégé par le droit d’auteur. Vous pouvez consulter et imprimer les pages pour votre propre usage. Tout autre usage requiert notre autorisation écrite."),
        h2("Liens vers d’autres sites"),
        para("Les liens vers des sites tiers sont fournis pour votre commodité. Nous ne contrôlons pas leur contenu et déclinons toute responsabilité à leur égard ou pour toute perte liée à leur utilisation."),
        h2("Notre responsabilité"),
        para("Rien dans ces conditions n’exclut ni ne limite notre responsabilité en cas de décès ou de dommage corporel causé par notre négligence, de fraude ou de déclaration frauduleuse, ou pour tout ce qui ne peut être limité en droit anglais et gallois."),
        para("Pour le reste, nous ne sommes pas responsables des pertes ou dommages liés à l’utilisation de ce site ou à la confiance qui lui est accordée, y compris la perte de bénéfices, d’activité ou de données. Si vous êtes un consommateur, vos droits légaux ne sont pas affectés."),
        h2("Confidentialité et cookies"),
        para("Notre politique de confidentialité explique comment nous utilisons les données personnelles et les cookies."),
        h2("Droit applicable"),
        para("Ces conditions sont régies par le droit de l’Angleterre et du pays de Galles, dont les tribunaux sont seuls compétents ; si vous êtes un consommateur résidant en Écosse ou en Irlande du Nord, vous pouvez aussi y engager une procédure."),
        h2("Nous contacter"),
        para("Pour toute question sur ces conditions : écrivez à ", EMAIL, ", appelez le +44 20 7946 0321 ou écrivez-nous à Londres, au Royaume-Uni."),
      ],
    },
  },
};
