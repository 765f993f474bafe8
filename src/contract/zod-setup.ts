import { z } from 'zod';

// Zod's built-in messages in Russian for every rule that carries no text of its own,
// so neither the server nor the web app ever shows an English validation message.
z.config(z.locales.ru());

export { z };
