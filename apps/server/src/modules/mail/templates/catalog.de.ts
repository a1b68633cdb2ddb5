import type { Catalog } from './catalog.types.ts';

export const de: Catalog = {
  greeting: 'Hallo,',
  greetingNamed: 'Hallo {name},',
  linkFallback: 'Falls die Schaltfläche nicht funktioniert, kopiere diesen Link in deinen Browser:',
  signoff: 'Dein Uncrumple-Team',
  footer:
    'Du erhältst diese E-Mail wegen deines Uncrumple-Kontos oder einer Nachricht, die du uns geschickt hast.',
  templates: {
    'verify-email': {
      subject: 'Bestätige deine E-Mail-Adresse',
      heading: 'Bestätige deine E-Mail-Adresse',
      paragraphs: [
        'Danke für deine Anmeldung bei Uncrumple. Bitte bestätige deine E-Mail-Adresse, um loszulegen.',
      ],
      action: { label: 'E-Mail bestätigen', dataKey: 'url' },
      after: ['Falls du kein Konto erstellt hast, kannst du diese E-Mail ignorieren.'],
    },
    'password-reset': {
      subject: 'Setze dein Passwort zurück',
      heading: 'Setze dein Passwort zurück',
      paragraphs: [
        'Wir haben eine Anfrage erhalten, das Passwort deines Uncrumple-Kontos zurückzusetzen.',
      ],
      action: { label: 'Neues Passwort wählen', dataKey: 'url' },
      after: [
        'Der Link ist eine Stunde gültig. Falls du das nicht angefordert hast, ignoriere diese E-Mail.',
      ],
    },
    'password-changed': {
      subject: 'Dein Passwort wurde geändert',
      heading: 'Dein Passwort wurde geändert',
      paragraphs: [
        'Das Passwort deines Uncrumple-Kontos wurde soeben geändert.',
        'Falls du das nicht warst, setze dein Passwort sofort zurück und kontaktiere unseren Support.',
      ],
    },
    'welcome-trial': {
      subject: 'Willkommen bei Uncrumple Premium: deine kostenlose Testphase hat begonnen',
      heading: 'Deine kostenlose Testphase hat begonnen',
      paragraphs: [
        'Willkommen bei Uncrumple Premium ({plan}). Deine 7-tägige Testphase läuft bis zum {trial_end}.',
        'Du kannst vorher jederzeit in deinem Profil kündigen und zahlst nichts.',
      ],
      action: { label: 'Dokument glätten', dataKey: 'url' },
    },
    'trial-ending': {
      subject: 'Deine kostenlose Testphase endet in 3 Tagen',
      heading: 'Deine Testphase endet bald',
      paragraphs: [
        'Deine kostenlose Uncrumple-Testphase endet am {date}. Danach beginnt dein Abonnement und deine Karte wird belastet.',
        'Um deinen Tarif zu ändern oder zu kündigen, öffne die Abo-Verwaltung.',
      ],
      action: { label: 'Abonnement verwalten', dataKey: 'url' },
    },
    'payment-failed': {
      subject: 'Deine Zahlung ist fehlgeschlagen',
      heading: 'Wir konnten deine Karte nicht belasten',
      paragraphs: [
        'Die letzte Zahlung für dein Uncrumple-Abonnement ist fehlgeschlagen.',
        'Bitte aktualisiere deine Zahlungsmethode, um Premium weiter zu nutzen.',
      ],
      action: { label: 'Zahlungsmethode aktualisieren', dataKey: 'url' },
    },
    'contact-ack': {
      subject: 'Wir haben deine Nachricht erhalten',
      heading: 'Danke für deine Nachricht',
      paragraphs: [
        'Wir haben deine Nachricht erhalten und antworten innerhalb von 24 Stunden.',
        'Falls du Uncrumple nicht geschrieben hast, hat jemand deine Adresse versehentlich eingegeben; du kannst diese E-Mail ignorieren.',
      ],
    },
    'contact-support': {
      subject: 'Kontaktformular: {subject}',
      heading: 'Neue Nachricht über das Kontaktformular',
      paragraphs: ['Von: {name} <{email}>', 'Betreff: {subject}'],
      quote: 'message',
      after: ['Antworte auf diese E-Mail, um dem Absender direkt zu antworten.'],
    },
  },
};
