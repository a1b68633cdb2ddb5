import type { Catalog } from './catalog.types.ts';

/** German in the formal "Sie" form, like the website. */
export const de: Catalog = {
  greeting: 'Guten Tag,',
  greetingNamed: 'Guten Tag {name},',
  linkFallback:
    'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
  signoff: 'Ihr Uncrumple-Team',
  footer:
    'Sie erhalten diese E-Mail wegen Ihres Uncrumple-Kontos oder einer Nachricht, die Sie uns geschickt haben.',
  templates: {
    'verify-email': {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      heading: 'Bestätigen Sie Ihre E-Mail-Adresse',
      paragraphs: [
        'Danke für Ihre Anmeldung bei Uncrumple. Bitte bestätigen Sie Ihre E-Mail-Adresse, um loszulegen.',
      ],
      action: { label: 'E-Mail bestätigen', dataKey: 'url' },
      after: ['Falls Sie kein Konto erstellt haben, können Sie diese E-Mail ignorieren.'],
    },
    'password-reset': {
      subject: 'Setzen Sie Ihr Passwort zurück',
      heading: 'Setzen Sie Ihr Passwort zurück',
      paragraphs: [
        'Wir haben eine Anfrage erhalten, das Passwort Ihres Uncrumple-Kontos zurückzusetzen.',
      ],
      action: { label: 'Neues Passwort wählen', dataKey: 'url' },
      after: [
        'Der Link ist eine Stunde gültig. Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
      ],
    },
    'password-changed': {
      subject: 'Ihr Passwort wurde geändert',
      heading: 'Ihr Passwort wurde geändert',
      paragraphs: [
        'Das Passwort Ihres Uncrumple-Kontos wurde soeben geändert.',
        'Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie unseren Support.',
      ],
    },
    'welcome-trial': {
      subject: 'Willkommen bei Uncrumple Premium: Ihre kostenlose Testphase hat begonnen',
      heading: 'Ihre kostenlose Testphase hat begonnen',
      paragraphs: [
        'Willkommen bei Uncrumple Premium ({plan}). Ihre 7-tägige Testphase läuft bis zum {trial_end}.',
        'Sie können vorher jederzeit in Ihrem Profil kündigen und zahlen nichts.',
      ],
      action: { label: 'Dokument glätten', dataKey: 'url' },
    },
    'trial-ending': {
      subject: 'Ihre kostenlose Testphase endet in 3 Tagen',
      heading: 'Ihre Testphase endet bald',
      paragraphs: [
        'Ihre kostenlose Uncrumple-Testphase endet am {date}. Danach beginnt Ihr Abonnement und Ihre Karte wird belastet.',
        'Um Ihren Tarif zu ändern oder zu kündigen, öffnen Sie die Abonnementverwaltung.',
      ],
      action: { label: 'Abonnement verwalten', dataKey: 'url' },
    },
    'payment-failed': {
      subject: 'Ihre Zahlung ist fehlgeschlagen',
      heading: 'Wir konnten Ihre Karte nicht belasten',
      paragraphs: [
        'Die letzte Zahlung für Ihr Uncrumple-Abonnement ist fehlgeschlagen.',
        'Bitte aktualisieren Sie Ihre Zahlungsmethode, um Premium weiter zu nutzen.',
      ],
      action: { label: 'Zahlungsmethode aktualisieren', dataKey: 'url' },
    },
    'contact-ack': {
      subject: 'Wir haben Ihre Nachricht erhalten',
      heading: 'Danke für Ihre Nachricht',
      paragraphs: [
        'Wir haben Ihre Nachricht erhalten und antworten innerhalb von 24 Stunden.',
        'Falls Sie Uncrumple nicht geschrieben haben, hat jemand Ihre Adresse versehentlich eingegeben; Sie können diese E-Mail ignorieren.',
      ],
    },
    'contact-support': {
      subject: 'Kontaktformular: {subject}',
      heading: 'Neue Nachricht über das Kontaktformular',
      paragraphs: ['Von: {name} <{email}>', 'Betreff: {subject}'],
      quote: 'message',
      after: ['Antworten Sie auf diese E-Mail, um dem Absender direkt zu antworten.'],
    },
  },
};
