// The agent's opening line, in each call language. Dutch uses "u" like the rest of the site; German,
// French and Spanish use the formal address that callers expect from a business in those languages.
import type { CallLanguage } from '../../shared/agentDraft';

interface GreetingSet {
  /** The agent's first name in this language. */
  persona: string;
  /** The agent answers the phone. */
  inbound: { named: string; plain: string };
  /** The agent places the call (cold calling, reminders, notifications). */
  outbound: { named: string; plain: string };
}

export const GREETINGS: Readonly<Record<CallLanguage, GreetingSet>> = {
  en: {
    persona: 'Emma',
    inbound: {
      named: "Hello, you're speaking with {persona} from {business}. How can I help you today?",
      plain: "Hello, you're speaking with {persona}, the digital assistant. How can I help you today?",
    },
    outbound: {
      named: 'Hi, this is {persona} from {business}. Is now a good time for a quick chat?',
      plain: 'Hi, this is {persona}. Is now a good time for a quick chat?',
    },
  },
  nl: {
    persona: 'Sophie',
    inbound: {
      named: 'Goedendag, u spreekt met {persona} van {business}. Waarmee kan ik u helpen?',
      plain: 'Goedendag, u spreekt met {persona}, de digitale assistent. Waarmee kan ik u helpen?',
    },
    outbound: {
      named: 'Hallo, met {persona} van {business}. Komt het even gelegen?',
      plain: 'Hallo, met {persona}. Komt het even gelegen?',
    },
  },
  de: {
    persona: 'Lena',
    inbound: {
      named: 'Guten Tag, Sie sprechen mit {persona} von {business}. Wie kann ich Ihnen helfen?',
      plain: 'Guten Tag, Sie sprechen mit {persona}, der digitalen Assistentin. Wie kann ich Ihnen helfen?',
    },
    outbound: {
      named: 'Guten Tag, hier ist {persona} von {business}. Passt es Ihnen gerade kurz?',
      plain: 'Guten Tag, hier ist {persona}. Passt es Ihnen gerade kurz?',
    },
  },
  fr: {
    persona: 'Camille',
    inbound: {
      named: "Bonjour, vous êtes bien chez {business}, {persona} à l'appareil. Comment puis-je vous aider ?",
      plain: "Bonjour, {persona} à l'appareil, l'assistante virtuelle. Comment puis-je vous aider ?",
    },
    outbound: {
      named: "Bonjour, {persona} à l'appareil, je vous appelle de la part de {business}. Avez-vous un instant ?",
      plain: "Bonjour, {persona} à l'appareil. Avez-vous un instant ?",
    },
  },
  es: {
    persona: 'Lucía',
    inbound: {
      named: 'Hola, le atiende {persona}, de {business}. ¿En qué puedo ayudarle?',
      plain: 'Hola, le atiende {persona}, la asistente virtual. ¿En qué puedo ayudarle?',
    },
    outbound: {
      named: 'Hola, soy {persona} y le llamo de parte de {business}. ¿Tiene un momento?',
      plain: 'Hola, soy {persona}. ¿Tiene un momento?',
    },
  },
};
