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
    notFound: { title: 'Ingen sida här', text: 'Det finns ingen sida på den här adressen.' },
    home: 'Gå till startsidan',
  },
  formInvalid: 'Rätta fälten nedan.',
  notices: {
    tooMany: {
      title: 'För många meddelanden',
      text: 'För många meddelanden kom från din adress. Försök igen om {wait}; det du skrev skickades inte, så spara en kopia.',
    },
    tooLarge: {
      title: 'Meddelandet är för stort',
      text: 'Meddelandet är för stort för att skickas (gränsen är {limit} KB). Gå tillbaka, korta det och skicka det igen.',
    },
    unsupported: {
      title: 'Formuläret gick inte att läsa',
      text: 'Formuläret gick inte att läsa: det måste skickas som application/x-www-form-urlencoded, som en webbsidas formulär gör. Gå tillbaka och skicka det från sidan.',
    },
    unreadable: { title: 'Formuläret gick inte att läsa', text: 'Formulärets data gick inte att läsa. Gå tillbaka och skicka det igen från sidan.' },
    unknown: {
      title: 'Okänt formulär',
      text: 'Det finns inget formulär som heter {form} på den här webbplatsen. Gå tillbaka och skicka sidans eget formulär.',
    },
    back: 'Gå tillbaka',
    home: 'Gå till startsidan',
  },
};
