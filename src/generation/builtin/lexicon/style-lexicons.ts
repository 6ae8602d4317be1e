import type { ConcreteStyle, StyleLexicon } from './style-lexicon';
import { ACTION } from './styles/action';
import { ADVENTURE } from './styles/adventure';
import { ALTERNATE_HISTORY } from './styles/alternate-history';
import { COMEDY } from './styles/comedy';
import { CRIME } from './styles/crime';
import { CYBERPUNK } from './styles/cyberpunk';
import { DRAMA } from './styles/drama';
import { DYSTOPIAN } from './styles/dystopian';
import { EPIC } from './styles/epic';
import { FABLE } from './styles/fable';
import { FAIRY_TALE } from './styles/fairy-tale';
import { FANTASY } from './styles/fantasy';
import { FOLKLORE } from './styles/folklore';
import { GOTHIC } from './styles/gothic';
import { HISTORY } from './styles/history';
import { HORROR } from './styles/horror';
import { LEGEND } from './styles/legend';
import { MYSTERY } from './styles/mystery';
import { MYTHOLOGY } from './styles/mythology';
import { NOIR } from './styles/noir';
import { PARANORMAL } from './styles/paranormal';
import { POST_APOCALYPTIC } from './styles/post-apocalyptic';
import { PSYCHOLOGICAL } from './styles/psychological';
import { ROMANCE } from './styles/romance';
import { SCI_FI } from './styles/sci-fi';
import { SUPERHERO } from './styles/superhero';
import { SURREALISM } from './styles/surrealism';
import { SUSPENSE } from './styles/suspense';
import { THRILLER } from './styles/thriller';
import { TRAGEDY } from './styles/tragedy';
import { WESTERN } from './styles/western';

/** Every style's lexicon: the one place a style's world is described. A new style is one file and one line here. */
export const STYLE_LEXICONS: Record<ConcreteStyle, StyleLexicon> = {
  action: ACTION,
  horror: HORROR,
  history: HISTORY,
  sci_fi: SCI_FI,
  superhero: SUPERHERO,
  mystery: MYSTERY,
  drama: DRAMA,
  romance: ROMANCE,
  fantasy: FANTASY,
  adventure: ADVENTURE,
  crime: CRIME,
  western: WESTERN,
  comedy: COMEDY,
  epic: EPIC,
  thriller: THRILLER,
  mythology: MYTHOLOGY,
  folklore: FOLKLORE,
  fable: FABLE,
  fairy_tale: FAIRY_TALE,
  legend: LEGEND,
  psychological: PSYCHOLOGICAL,
  suspense: SUSPENSE,
  noir: NOIR,
  paranormal: PARANORMAL,
  dystopian: DYSTOPIAN,
  post_apocalyptic: POST_APOCALYPTIC,
  cyberpunk: CYBERPUNK,
  alternate_history: ALTERNATE_HISTORY,
  gothic: GOTHIC,
  tragedy: TRAGEDY,
  surrealism: SURREALISM,
};
