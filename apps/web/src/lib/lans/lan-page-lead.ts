import { createContext } from 'react';

/**
 * True where the lan page's lazy part is asked for what leads the page (above the lan: what
 * matters now, the sections' navigation); false below it (the sections themselves). The lan
 * page renders its child route at both places, so the lead needs no bytes of its own on
 * the first screen.
 */
export const LanPageLead = createContext(false);
