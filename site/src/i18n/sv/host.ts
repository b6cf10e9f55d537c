// Svenska: what the host writes itself (en/host.ts has the shape and says who reads it).
import type { host as en } from '@/i18n/en/host';

export const host: typeof en = {
  gate: {
    title: 'Privat galleri',
    sharedBy: '{site} har delat det här privata galleriet med dig. Skriv lösenordet från meddelandet från {site} för att se det.',
    shared: 'Det här galleriet är privat. Skriv lösenordet från meddelandet du fick för att se det.',
    password: 'Lösenord',
    open: 'Öppna galleriet',
    wrong: 'Det är inte lösenordet till det här galleriet. Titta i meddelandet det kom i och försök igen.',
    unreadable: 'Formuläret gick inte att läsa. Skriv lösenordet igen.',
    tooMany: 'För många försök från din adress. Vänta {wait} och skriv sedan lösenordet igen.',
    wait: { second: 'en sekund', seconds: '{n} sekunder', minutes: '{n} minuter' },
    closed: {
      title: 'Den här privata sidan är stängd',
      text: 'Tiden att se den här sidan är över. Om du fortfarande behöver den kan {owner} öppna den igen åt dig.',
      write: 'Skriv till {owner}',
      owner: 'fotografen',
    },
  },
  formInvalid: 'Rätta fälten nedan.',
};
