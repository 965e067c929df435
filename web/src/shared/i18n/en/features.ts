// The features page (/features). English source strings.
const features = {
  features: {
    title: 'One agent, every call your business makes',
    subtitle:
      'Each Belwise agent is built for your scripts, your systems and your customers. Pick the jobs it should take on; we make it sound like part of your team.',
    capabilitiesLabel: 'What it does',
    capabilitiesTitle: 'Capabilities',
    cards: {
      coldCalling: {
        title: 'Cold calling',
        text: 'Works through your lead lists and opens the conversation for you.',
      },
      appointments: {
        title: 'Appointment scheduling',
        text: 'Finds a free slot, books it and sends the confirmation.',
      },
      customerService: {
        title: 'Customer service',
        text: 'Answers common questions instantly and escalates the rest.',
      },
      reminders: {
        title: 'Reminders',
        text: 'Calls ahead of appointments and payments so fewer are missed.',
      },
      leadQualification: {
        title: 'Lead qualification',
        text: 'Asks your qualifying questions and scores every lead.',
      },
      inbound: {
        title: 'Inbound reception',
        text: 'Greets every caller and routes them to the right person.',
      },
      outbound: {
        title: 'Outbound notifications',
        text: 'Delivers updates, changes and alerts by phone at scale.',
      },
      workflows: {
        title: 'Custom workflows',
        text: 'Follows the exact steps of your process, end to end.',
      },
      dashboard: {
        title: 'Dashboard',
        text: 'Shows your agents, calls and results in one place.',
      },
    },
    integrationsLabel: 'Integrations',
    integrationsTitle: 'Works with the tools you already use',
    integrationsText: 'Agents connect to 5,000+ tools via automation platforms or an API. These are the ones we connect most often.',
    categories: {
      calendars: 'Calendars',
      crms: 'CRMs',
      messaging: 'Messaging',
      other: 'Other tools',
    },
    next: {
      title: 'Ready to see what it costs?',
      text: 'Every agent is built for one business, so the price follows what yours needs. See how the fees work, or tell us about your calls.',
      pricing: 'See pricing',
      quote: 'Request a quote',
    },
    items: {
      sms: 'SMS via a messaging provider',
      webhooks: 'Custom Webhooks',
    },
  },
} as const;

export default features;
