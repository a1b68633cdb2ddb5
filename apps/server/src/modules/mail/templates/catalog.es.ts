import type { Catalog } from './catalog.types.ts';

export const es: Catalog = {
  greeting: 'Hola:',
  greetingNamed: 'Hola, {name}:',
  linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
  signoff: 'El equipo de Uncrumple',
  footer: 'Recibes este correo por tu cuenta de Uncrumple o por un mensaje que nos enviaste.',
  templates: {
    'verify-email': {
      subject: 'Confirma tu dirección de correo',
      heading: 'Confirma tu dirección de correo',
      paragraphs: [
        'Gracias por registrarte en Uncrumple. Confirma tu dirección de correo para empezar.',
      ],
      action: { label: 'Confirmar correo', dataKey: 'url' },
      after: ['Si no creaste una cuenta, puedes ignorar este correo.'],
    },
    'password-reset': {
      subject: 'Restablece tu contraseña',
      heading: 'Restablece tu contraseña',
      paragraphs: [
        'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Uncrumple.',
      ],
      action: { label: 'Elegir una contraseña nueva', dataKey: 'url' },
      after: ['El enlace caduca en una hora. Si no lo solicitaste, puedes ignorar este correo.'],
    },
    'password-changed': {
      subject: 'Tu contraseña ha cambiado',
      heading: 'Tu contraseña ha cambiado',
      paragraphs: [
        'Se acaba de cambiar la contraseña de tu cuenta de Uncrumple.',
        'Si no fuiste tú, restablece tu contraseña de inmediato y contacta con nuestro soporte.',
      ],
    },
    'welcome-trial': {
      subject: 'Bienvenido a Uncrumple Premium: tu prueba gratuita ha comenzado',
      heading: 'Tu prueba gratuita ha comenzado',
      paragraphs: [
        'Bienvenido a Uncrumple Premium ({plan}). Tu prueba gratuita de 7 días dura hasta el {trial_end}.',
        'Puedes cancelar en cualquier momento antes desde tu perfil y no se te cobrará nada.',
      ],
      action: { label: 'Restaurar un documento', dataKey: 'url' },
    },
    'trial-ending': {
      subject: 'Tu prueba gratuita termina en 3 días',
      heading: 'Tu prueba gratuita termina pronto',
      paragraphs: [
        'Tu prueba gratuita de Uncrumple termina el {date}. Después comenzará tu suscripción y se cobrará en tu tarjeta.',
        'Para cambiar o cancelar tu plan, abre la configuración de la suscripción.',
      ],
      action: { label: 'Gestionar suscripción', dataKey: 'url' },
    },
    'payment-failed': {
      subject: 'Tu pago ha fallado',
      heading: 'No hemos podido cobrar en tu tarjeta',
      paragraphs: [
        'El último pago de tu suscripción a Uncrumple ha fallado.',
        'Actualiza tu método de pago para conservar el acceso a Premium.',
      ],
      action: { label: 'Actualizar método de pago', dataKey: 'url' },
    },
    'contact-ack': {
      subject: 'Hemos recibido tu mensaje',
      heading: 'Gracias por contactarnos',
      paragraphs: [
        'Hemos recibido tu mensaje y te responderemos en un plazo de 24 horas.',
        'Si no escribiste a Uncrumple, puede que alguien haya introducido tu dirección por error; puedes ignorar este correo.',
      ],
    },
    'contact-support': {
      subject: 'Formulario de contacto: {subject}',
      heading: 'Nuevo mensaje del formulario de contacto',
      paragraphs: ['De: {name} <{email}>', 'Asunto: {subject}'],
      quote: 'message',
      after: ['Responde a este correo para contestar directamente al remitente.'],
    },
  },
};
