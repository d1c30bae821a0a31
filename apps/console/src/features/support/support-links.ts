export const ANONYMOUS_HELP_MESSAGE = 'Olá, preciso de ajuda!';

export interface HelpContact {
  name: string;
  email: string;
}

/** The WhatsApp text: the user's name and e-mail when signed in, the generic greeting otherwise. */
export function helpMessage(contact: HelpContact | null): string {
  if (!contact) return ANONYMOUS_HELP_MESSAGE;
  return `Olá, preciso de ajuda! Meu nome é ${contact.name} e meu e-mail é ${contact.email}.`;
}

export function whatsappHelpUrl(phone: string, contact: HelpContact | null): string {
  return `https://wa.me/${phone.replace(/\D+/g, '')}?text=${encodeURIComponent(helpMessage(contact))}`;
}

export function supportMailto(email: string): string {
  return `mailto:${email}`;
}
