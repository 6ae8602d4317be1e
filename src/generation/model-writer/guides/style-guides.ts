/**
 * What each book style means to the chapter writer, as data: the prompt
 * builder renders the guide of the requested style into every section prompt.
 * A style combines with any book type, so each guide says what the style is
 * in fiction and, in one line each, what it lends non-fiction and a picture
 * book. Every word is sent with every section, hence the terse entries; the
 * spec caps their size.
 */
import type { BookStyle } from '../../../catalog/catalog';

export type ConcreteStyle = Exclude<BookStyle, 'automatic'>;

export interface StyleGuide {
  /** One sentence: what a reader who picks this style expects to feel and get. */
  promise: string;
  /** Usual point of view for fiction in this style, and why. */
  pointOfView: string;
  /** Usual tense for fiction. */
  tense: string;
  /** The prose voice: sentence rhythm, diction, register, what the narration notices. */
  voice: string;
  /** 4 to 6 concrete conventions a good book in this style honours. */
  conventions: string[];
  /** 3 to 5 things to avoid: the style's clichés and the typical failures of machine-written fiction in it. */
  avoid: string[];
  /** One sentence: what this style brings to a non-fiction, textbook or self-help book. */
  nonFiction: string;
  /** One sentence: the gentle version for a picture book for children aged 3 to 7. */
  forChildren: string;
}

export const STYLE_GUIDES: Record<ConcreteStyle, StyleGuide> = {
  action: {
    promise:
      'Momentum and physical stakes: a capable protagonist under pressure, in fights and chases followed blow by blow.',
    pointOfView: 'Close third on the protagonist, so danger is felt in the body, not watched from above.',
    tense: 'Past.',
    voice:
      'Short sentences in the fight, longer ones between; hard verbs, few adverbs; notices distance, exits, what is in reach, wounds, time left.',
    conventions: [
      'Every set piece has a goal, an obstacle and a clock.',
      'Stage it so the reader can map it: who stands where, what changes each beat.',
      'Injuries and fatigue carry over; the hero is worse off before winning.',
      'A quiet scene after each set piece re-aims the goal and tests a bond.',
      'Each set piece costs more than the last, not just bigger.',
    ],
    avoid: [
      'Fights summarised ("a flurry of blows").',
      'Villains who pause to explain or wait their turn.',
      'Escapes by luck or by a skill never shown before.',
    ],
    nonFiction: 'Open each topic with a real high-stakes case, then break it into decisions made under time pressure.',
    forChildren: 'A bouncy chase or race where nobody gets hurt and the win comes from quick thinking or teamwork.',
  },
  horror: {
    promise: 'Dread that grows into terror as something wrong intrudes on ordinary life and takes a real toll.',
    pointOfView: 'Close first or third on one frightened person, so the reader sees no more than they do.',
    tense: 'Past; present for claustrophobic immediacy.',
    voice:
      'Plain, exact everyday detail so the one wrong detail lands; sound, smell and cold over sight; withholds rather than describes.',
    conventions: [
      'Establish the normal life and what the characters love before threatening it.',
      'Escalate from uncanny to undeniable; show the threat late and in part.',
      'The threat follows consistent rules the characters learn at a cost.',
      'Characters have real reasons not to leave, and their choices make it worse.',
    ],
    avoid: [
      'Labels instead of specifics: "eldritch", "unspeakable", "a chill ran down her spine".',
      'Scares that reset to nothing, or "it was a dream".',
      'Characters made stupid so the plot can proceed.',
    ],
    nonFiction:
      'Frame the subject through real dangers and what people feared and why, in sober, unsensational detail.',
    forChildren: 'A noise or shadow in the dark that, faced bravely, turns out to be friendly, ending in a cosy bed.',
  },
  history: {
    promise: 'A past that feels lived in, seen through people whose minds belong to their time, against real events.',
    pointOfView: 'Close third or first on one participant, so history is met at human scale, not surveyed.',
    tense: 'Past.',
    voice:
      'Modern clarity with period texture: material detail (food, cloth, money, travel times), no pastiche spelling, no anachronistic idiom.',
    conventions: [
      'Real events, dates and figures stay accurate; invented people fill the gaps.',
      "Characters hold their era's beliefs, prejudices and ignorance.",
      'Period constraints (distance, disease, law, rank) drive the plot.',
      'Research shows through use, never lectures.',
    ],
    avoid: [
      'Modern attitudes and words in period mouths ("okay", therapy-speak).',
      'Paragraphs of dates and background.',
      'A protagonist who meets every famous person of the age.',
    ],
    nonFiction:
      'Narrative history: chronology, causes and consequences, real primary sources (never invented quotes), uncertainty stated.',
    forChildren:
      "A day in a child's life long ago, told through things to touch and taste, ending on something still here.",
  },
  sci_fi: {
    promise: 'One idea about science or technology followed rigorously into its human consequences.',
    pointOfView: 'Close third on someone the change affects, so the world is learned by watching them live in it.',
    tense: 'Past.',
    voice:
      'Precise and confident; new terms unexplained but clear from use; notices systems, costs and how everyday life has shifted.',
    conventions: [
      'One central speculative change, with its second-order effects on work, law and family.',
      'Consistent rules; problems are solved inside them.',
      'The world revealed by inference in passing, not by lecture.',
      'The idea forces a human dilemma the plot turns on.',
    ],
    avoid: [
      'Experts explaining to each other what both know.',
      'Technobabble that fixes the climax.',
      'Planets with one climate and one culture.',
    ],
    nonFiction:
      'Explain through thought experiments and future scenarios, with hypothesis, evidence and limits made clear.',
    forChildren:
      'A friendly robot or rocket trip where curiosity solves a small problem, with one true fact slipped in.',
  },
  superhero: {
    promise: 'Extraordinary powers and a personal code put to the test: spectacle, with the human cost of the mask.',
    pointOfView: 'Close third on the hero, with brief villain scenes so the reader sees both plans close in.',
    tense: 'Past.',
    voice: 'Bold and kinetic with a little wit; powers staged clearly; sincere about ideals, never winking at them.',
    conventions: [
      'Powers have limits and a cost; wins come from ingenuity, not strength alone.',
      "A villain whose goal mirrors or twists the hero's.",
      'Civilian life and relationships pay for the double life.',
      'A moral choice harder than the fight.',
    ],
    avoid: [
      'A new power appearing when the plot needs it.',
      'Villains evil for the fun of it.',
      'Constant quips that drain the stakes.',
    ],
    nonFiction:
      'Treat skills as powers with an origin, limits and a responsibility, through real people who acted heroically.',
    forChildren: 'A small hero with a gentle power, like super-listening, who helps a friend; no one is hurt.',
  },
  mystery: {
    promise: 'A puzzle the reader can solve, clues played fair, a solution both surprising and inevitable.',
    pointOfView: 'Close third or first on the investigator, so the reader knows only what they know.',
    tense: 'Past.',
    voice:
      'Observant, precise, dry; notices objects, times and contradictions; buries each clue among equally weighted details.',
    conventions: [
      'The crime or question arrives early.',
      'Every clue the detective uses is shown to the reader first.',
      'Several suspects with motive, means and opportunity; red herrings with innocent explanations.',
      'A discovery midway reframes the case.',
      'The solution rests on a planted clue, and the reasoning is shown.',
    ],
    avoid: [
      'The culprit revealed by a confession nobody earned.',
      'A culprit introduced late or a decisive clue withheld.',
      'Interviews that are lists of questions and answers.',
    ],
    nonFiction: 'Pose each topic as a case: evidence laid out, hypotheses tested, the answer reasoned step by step.',
    forChildren: 'A missing cake or lost toy, with clues a child can spot in the pictures before the reveal.',
  },
  drama: {
    promise: 'Emotional truth: people at odds with each other and themselves, changed by choices that cost them.',
    pointOfView: "Close third, one character per scene, rotating among two or three, so each side's reasons are felt.",
    tense: 'Past.',
    voice:
      'Restrained; attends to gesture, silence and subtext; feeling shown in behaviour; plain words carrying weight.',
    conventions: [
      'Conflict comes from incompatible wants, with no pure villain.',
      'Each scene turns on a decision; what goes unsaid matters.',
      'Pressure builds to a confrontation nobody can dodge.',
      'Change is earned, partial and paid for.',
    ],
    avoid: [
      'Characters naming their feelings ("I feel so betrayed").',
      'Illness or death used as a shortcut to emotion.',
      'Reconciliation through one heartfelt speech.',
    ],
    nonFiction: "Build each idea around a real person's turning point, so the human stakes behind it are felt.",
    forChildren: 'A small upset, like a quarrel or a move, felt honestly and mended by a kind act.',
  },
  romance: {
    promise: 'Two people falling in love against real obstacles, ending happily ever after or happy for now.',
    pointOfView: 'Close third or first, alternating between the two leads, so the reader sees each misread the other.',
    tense: 'Past (present is common in contemporary romance).',
    voice:
      'Warm and sensory; charged attention to glances, touch and banter; interiority full of longing and doubt, specific not generic.',
    conventions: [
      'The first meeting sets up the core conflict.',
      'An inner wound and an outer obstacle keep them apart.',
      'Intimacy escalates in steps; banter carries subtext.',
      'A dark moment when love seems lost, overcome by growth, not luck.',
      'The happy ending is non-negotiable.',
    ],
    avoid: [
      'Instant love with no obstacle.',
      'A misunderstanding one honest conversation would fix.',
      'Possessive or controlling behaviour framed as romantic.',
    ],
    nonFiction: 'Frame the subject through relationships (attraction, trust, commitment) with warm case stories.',
    forChildren: 'Love as friendship or family: two unlikely friends finding each other.',
  },
  fantasy: {
    promise: 'A world with its own magic and history, where wonder comes with rules and a price.',
    pointOfView: 'Close third on one to three characters, so the world is found through their needs, not a guidebook.',
    tense: 'Past.',
    voice:
      'Concrete and grounded, slightly elevated, never archaic; few invented words; notices customs, land, and how magic feels.',
    conventions: [
      'Magic has limits and costs; problems are solved within them.',
      'The world shows through small details of custom, trade and belief.',
      "Personal stakes are tied to the world's.",
      'Prophecies and chosen ones only if earned or turned on their head.',
    ],
    avoid: [
      'Lore dumps and prologues of ancient history.',
      'Apostrophe-laden names and "thee/thou" fake archaism.',
      'Magic that solves the climax for free.',
    ],
    nonFiction: 'Present the subject as a realm to explore, its core principles as the rules of its magic.',
    forChildren: 'A gentle magical creature or a wish with a twist, in a cosy, safe world.',
  },
  adventure: {
    promise: 'A journey into the unknown: strange places, obstacles overcome, a discovery, and a return changed.',
    pointOfView: 'Close first or third on the traveller, so each discovery is theirs.',
    tense: 'Past.',
    voice: 'Buoyant, vivid, leaning forward; clear geography; terrain as obstacle; delights in resourcefulness.',
    conventions: [
      'A clear destination or prize, reached in stages.',
      'Each stage brings new terrain and a new kind of obstacle.',
      'Companions with different skills and some friction.',
      'A sacrifice or hard choice near the end, then the return.',
    ],
    avoid: [
      'Travelogue: scenery with nothing in the way.',
      'Local people as props or mystical guides.',
      'The same trick solving every obstacle.',
    ],
    nonFiction: 'Frame learning as an expedition: each chapter a stage, with real explorers and discoverers as guides.',
    forChildren: 'A trip across the garden or pond with small obstacles, home in time for bed.',
  },
  crime: {
    promise: 'Crime seen from inside, by criminals, police or victims: method, moral grey and the price of violence.',
    pointOfView:
      'Close third moving between offender and pursuer, or one insider in first person, so the reader sees the crime done and undone.',
    tense: 'Past.',
    voice: 'Hard-edged, street-level, unsentimental; exact about method, money and jargon.',
    conventions: [
      'Procedure and method shown concretely and correctly.',
      'Criminals with logic and motive, not cartoons.',
      'Institutions (police, courts, gangs) with politics of their own.',
      'Consequences spread; justice is incomplete.',
    ],
    avoid: [
      'Violence without weight or aftermath.',
      'Forensic miracles that close the case.',
      'Police always right, criminals always stupid.',
    ],
    nonFiction: 'Present topics as cases: what happened, how it was uncovered, what it shows about the system.',
    forChildren: 'A cheeky mouse caught with biscuit crumbs on its whiskers, who says sorry and shares.',
  },
  western: {
    promise: 'A moral stand in a harsh open land where the law is thin and a person must decide what they will defend.',
    pointOfView: 'Close third on the stranger or the settler, kept at a distance that respects silence.',
    tense: 'Past.',
    voice: 'Laconic, dry, weathered; sparse dialogue; land, weather, horses and guns described exactly.',
    conventions: [
      'A community under threat and someone who must choose to stand.',
      'The land as a force: distance, water, heat, winter.',
      'The showdown is moral before it is physical.',
      'Tools, travel and law true to the period.',
    ],
    avoid: [
      'Cartoon dialect ("howdy, partner").',
      'Native peoples as faceless enemies or noble props.',
      'Guns that never miss or run dry.',
    ],
    nonFiction:
      'Frame topics as frontiers: self-reliance, pioneers, and the costs of expansion, with historical cases.',
    forChildren: 'A little cowhand guiding a lost calf home across the prairie at sunset.',
  },
  comedy: {
    promise:
      'Laughter from characters in trouble of their own making that escalates until it breaks, ending in relief.',
    pointOfView: 'Close third or first on the character whose blind spot drives the trouble.',
    tense: 'Past.',
    voice: 'Timing: set-up, turn, the funny word last; specific nouns; deadpan over exclamation.',
    conventions: [
      'A character with a clear want and a flaw that sabotages it.',
      'Each fix makes it worse; the threads collide at the climax.',
      'Running gags and callbacks that pay off.',
      'Someone to care about underneath the jokes.',
    ],
    avoid: [
      'The narrator saying it was funny; characters laughing at their own lines.',
      'Random gags unconnected to character.',
      'Puns and exclamation marks doing the work.',
    ],
    nonFiction: 'Light self-deprecating wit and absurd but apt analogies that make the point clearer.',
    forChildren: 'Silly mix-ups, funny sounds and a repeated pattern with a twist on the last page.',
  },
  epic: {
    promise: 'Grand scale: wars, realms or journeys over years, where personal choices decide the fate of many.',
    pointOfView:
      'Several close-third viewpoints, one thread each, so scale is felt through people; rare panoramic passages.',
    tense: 'Past.',
    voice:
      'Measured and sweeping; wide views alternating with intimate close-ups; a sense of time, lineage and legacy.',
    conventions: [
      'Several threads that converge.',
      "Each thread's personal stakes mirror the world's.",
      'Set pieces: battles, councils, crossings, sieges.',
      'Time passes; characters age, lose and change.',
    ],
    avoid: [
      'So many viewpoints that nobody matters.',
      'Battles as troop movements without faces.',
      'Pomp: archaic diction and long speeches.',
    ],
    nonFiction: 'Take the long view across centuries, the grand story anchored in individual lives.',
    forChildren: 'A long journey across many lands, told in repeated steps, that ends back home.',
  },
  thriller: {
    promise: 'Speed and high stakes: a protagonist racing a deadline against a stronger opponent, with reversals.',
    pointOfView: 'Close third, cutting between protagonist and antagonist, so the reader knows more than the hero.',
    tense: 'Past.',
    voice: 'Taut and propulsive; short paragraphs; exact technical specifics; each scene ends on a new problem.',
    conventions: [
      'The stakes and the clock are set early and keep rising.',
      'An antagonist smarter and better resourced than the hero.',
      'Reversals: plans fail, allies turn, the ground shifts.',
      'The climax turns on something the hero learned on the way.',
    ],
    avoid: [
      'Cliffhangers undone by a cheat in the next chapter.',
      'A twist with no planted groundwork.',
      'Hacking and guns that work like magic.',
    ],
    nonFiction: 'Build chapters around real high-stakes decisions, each ending on the question the next one answers.',
    forChildren: 'A race to find something before bedtime, solved with a happy last-second finish.',
  },
  mythology: {
    promise: 'Gods, heroes and monsters in stories that explain the world, under the weight of fate.',
    pointOfView: 'An omniscient storyteller who enters gods and mortals alike and may foretell the end.',
    tense: 'Past.',
    voice: 'Elevated, rhythmic, formal; epithets, repetitions and catalogues; marvels stated plainly, as facts.',
    conventions: [
      "Fidelity to a real tradition's names, relations and logic, or a coherent invented one.",
      'Gods with human passions and inhuman power.',
      'Hubris, bargains, transformations, prophecy fulfilled.',
      'Tales that end by explaining an origin or a custom.',
    ],
    avoid: [
      'Mixing pantheons or giving gods modern morals.',
      'Inventions presented as genuine ancient myth.',
      'Softening fate into a happy coincidence.',
    ],
    nonFiction: 'Use real myths as lenses on the subject: archetypes, origin stories, what cultures meant by them.',
    forChildren: 'A why-story, such as how the moon got its glow, with a gentle god or animal.',
  },
  folklore: {
    promise: 'Tales of ordinary folk, tricksters and local spirits, told in the voice of the hearth.',
    pointOfView: 'A storyteller in third person who addresses listeners and knows the community.',
    tense: 'Past.',
    voice: 'Oral and homely; sayings, set formulas, things in threes; concrete detail of rural work, food and weather.',
    conventions: [
      "Rooted in one specific culture's customs, food and beliefs.",
      'Tricksters, spirits, bargains and tests in threes.',
      'Community values tested, then affirmed.',
      'A formulaic opening and closing.',
    ],
    avoid: [
      'A generic "olde" village belonging to no culture.',
      'Modern psychology in the characters.',
      'Stereotype in place of the culture.',
    ],
    nonFiction: 'Use proverbs, customs and folk wisdom of named real cultures as entry points.',
    forChildren: 'A clever child or animal outwitting a greedy giant, with a repeated chant.',
  },
  fable: {
    promise:
      'A short, pointed tale, usually of animals, where one choice and its consequence make a truth about conduct plain.',
    pointOfView:
      'Detached third person that never goes deep into a mind, so characters stay types and the pattern stays visible.',
    tense: 'Past.',
    voice:
      'Spare and economical, with dry wit; each character one trait shown in one action; no description the point does not need.',
    conventions: [
      'Each animal or object embodies one trait, clear from its first action.',
      'One situation, one choice, one consequence that follows from it.',
      'Contrasting pairs: the hasty and the patient, the proud and the humble.',
      'A stated moral, if any, is one line at the very end.',
      'At book length, a chain of fables linked by a recurring place or character.',
    ],
    avoid: [
      'A moral longer than the tale, or restated midway.',
      'Rich psychology blurring the traits.',
      'A consequence softened into no consequence.',
    ],
    nonFiction: 'Open each idea with a short original fable, labelled as invented, then unpack it.',
    forChildren: 'An animal tale with a clear, kind consequence, the lesson shown by what happens, not preached.',
  },
  fairy_tale: {
    promise: 'Enchantment and transformation: a deserving hero, wicked figures, and order restored happily.',
    pointOfView:
      'An omniscient storyteller who knows from the start who is good, so the tale moves by pattern, not doubt.',
    tense: 'Past.',
    voice: 'Simple and musical; matter-of-fact about magic; sharp contrasts; things in threes; set phrases.',
    conventions: [
      'A lack or a task, stated at once.',
      'Tests and helpers; kindness to the humble is rewarded.',
      'Prohibitions that get broken and promises that bind.',
      'Magic objects, curses and transformations with firm rules.',
      'The wicked are punished or reformed; a happy ending.',
    ],
    avoid: [
      'Explaining or rationalising the magic.',
      'Animated-film pastiche: wisecracking sidekicks, modern irony.',
      'A hero who wins without kindness, courage or wit.',
    ],
    nonFiction: 'Use fairy-tale patterns (the task, the three trials, transformation) to frame growth.',
    forChildren: 'A gentle enchantment and a kindness rewarded, ending happily ever after.',
  },
  legend: {
    promise: 'The deeds of a hero tied to a real place and time, grown larger with each retelling.',
    pointOfView: 'A storyteller of a later age looking back, free to mix report, rumour and wonder.',
    tense: 'Past.',
    voice: 'Heroic with a note of nostalgia; blends the plausible and the marvellous; names places, deeds and oaths.',
    conventions: [
      'Rooted in a real place, era or figure.',
      'Great deeds with witnesses, remembered and retold.',
      'The line between fact and embellishment left open.',
      'It ends by explaining a landmark, a name or a custom.',
    ],
    avoid: ['A hero without a flaw.', 'Invented history passed off as record.', 'Modern slang breaking the spell.'],
    nonFiction: 'Tell the legend, then separate it from what the record shows and how the story grew.',
    forChildren: 'A brave child who helped the village, remembered by a tree or a song.',
  },
  psychological: {
    promise: 'A mind under pressure from inside, where perception, memory and motive become unreliable.',
    pointOfView: 'Deep first person or close third, possibly unreliable, so the reader shares the distortion.',
    tense: 'Past or present.',
    voice:
      'Intimate and obsessive; thought loops, bodily sensations, rationalisations; rhythm shifts with mental state.',
    conventions: [
      'The conflict is mostly internal and becomes external through choices.',
      'An unreliable narrator leaves tells the reader can catch.',
      'The past surfaces gradually and changes what the present means.',
      'Settings close in on the character.',
    ],
    avoid: [
      'Clinical labels ("her PTSD") instead of experience.',
      'An "all in their head" twist with no groundwork.',
      'Mental illness as the villain.',
    ],
    nonFiction: 'Real psychological concepts, composite case vignettes labelled as such, no diagnosing the reader.',
    forChildren: 'A child naming a big feeling and finding a way to calm it.',
  },
  suspense: {
    promise: 'Anticipation: the reader knows danger is coming and dreads the moment it arrives.',
    pointOfView:
      'Close third, with brief scenes elsewhere that show the reader a danger the character cannot see (the bomb under the table).',
    tense: 'Past.',
    voice: 'Slows time at key moments; dwells on small details; tightens sentences as the threat nears.',
    conventions: [
      'The reader knows more than the characters.',
      'A threat approaching on a known schedule.',
      'Ordinary acts (opening a door, answering a call) made unbearable.',
      'The payoff delayed and the moment stretched.',
      'A sympathetic, vulnerable protagonist.',
    ],
    avoid: ['Releasing the tension too early.', 'Surprise substituted for suspense.', 'A threat that never arrives.'],
    nonFiction: 'Frame each section around an open question and hold the answer until the evidence is in.',
    forChildren: 'Someone knocking at the door, page after page, revealed as a friendly visitor.',
  },
  noir: {
    promise: 'A flawed protagonist in a corrupt city, drawn into a crime that ruins them: fatalism, style, moral grey.',
    pointOfView:
      'First person of a compromised narrator looking back, knowing how it ended, so fatalism colours every line.',
    tense: 'Past.',
    voice: 'Hardboiled, cynical, lyrical; similes with bite; concrete city detail beyond rain and neon.',
    conventions: [
      'A temptation, often a fatal partner, pulls the protagonist in.',
      'Corruption reaches everywhere; institutions fail.',
      "The protagonist's own flaw drives the fall.",
      'A past that will not stay buried.',
      'A bleak or ambiguous ending.',
    ],
    avoid: [
      'Wisecrack similes stacked until they read as parody.',
      'A redemptive happy ending.',
      'A femme fatale with no motive of her own.',
    ],
    nonFiction: "An unsentimental look at the subject's underside: money, power and failure.",
    forChildren: 'A cat detective in a rainy city solving the case of the missing fish, ending with warm milk.',
  },
  paranormal: {
    promise:
      'Ghosts, psychics, vampires or shapeshifters hidden in the ordinary world, with mystery or romance in the secret.',
    pointOfView:
      'Close first or third on the one who sees or has the power, so the hidden world opens as they learn it.',
    tense: 'Past; present is common in first person.',
    voice: 'Contemporary, grounded, wry; the everyday in exact detail so the supernatural reads as real.',
    conventions: [
      'A hidden supernatural layer with consistent rules and politics.',
      'A protagonist between the two worlds, belonging fully to neither.',
      'An investigation or a romance drives the plot; the supernatural raises its stakes.',
      'Every power has a price or a limit.',
      'Ordinary life (work, rent, family) keeps intruding.',
    ],
    avoid: [
      'Stock vampires and werewolves with nothing new.',
      'Powers that grow whenever the plot needs them.',
      'A chosen-one reveal standing in for character.',
    ],
    nonFiction: 'Examine unexplained phenomena sceptically: beliefs, their history, what the evidence shows.',
    forChildren: 'A friendly little ghost who only wants someone to play with.',
  },
  dystopian: {
    promise: 'A society gone wrong, extrapolated from today, and one person waking up and resisting.',
    pointOfView:
      'Close first or third on someone inside the system who at first accepts it, so its normal is felt first.',
    tense: 'Past or present.',
    voice:
      'Controlled and observant; the regime heard in its own euphemisms and slogans; horror told in the flat tone of routine.',
    conventions: [
      'A coherent regime whose logic grows from present trends.',
      'Daily control (rations, ranks, surveillance) shown, never explained.',
      'A small transgression starts the awakening.',
      'Resistance costs the protagonist what they love.',
      'An ending of partial victory or meaningful defeat.',
    ],
    avoid: [
      'A regime evil without logic.',
      'A chosen-one revolution that fixes everything.',
      'A love triangle standing in for politics.',
    ],
    nonFiction: 'Warn by extrapolation: current trends, cautionary history, what would prevent the worst.',
    forChildren: 'A grey town where colours are banned, until one child paints a door yellow.',
  },
  post_apocalyptic: {
    promise: 'Survival after collapse: scarcity, ruins, community, and what is worth keeping.',
    pointOfView: 'Close third or first on a survivor, so the world is measured by what one person can carry and walk.',
    tense: 'Past.',
    voice: 'Spare, practical, elegiac; counts supplies, reads weather, notices the ruins of the familiar.',
    conventions: [
      'Scarcity drives every choice.',
      'Moral choices under scarcity: whom to trust, share with, leave behind.',
      'Remnants of the old world, misread or repurposed.',
      'Other survivors as both threat and hope.',
      'The first steps of rebuilding.',
    ],
    avoid: [
      'Supplies and fuel appearing when needed.',
      'Raiders as the only other people.',
      'The collapse explained in a backstory dump.',
    ],
    nonFiction: 'Examine resilience: the systems we depend on, and how real communities have recovered.',
    forChildren: 'After a big storm, friends rebuild the garden together.',
  },
  cyberpunk: {
    promise: 'High tech, low life: outsiders against megacorporations in an augmented, networked city.',
    pointOfView: 'Close third or first on a street-level operator, so the vast system is seen from the bottom.',
    tense: 'Past or present.',
    voice:
      'Dense, fast, slangy; sensory overload of brands, interfaces and bodies; invented jargon clear from context; cool irony.',
    conventions: [
      'Corporations stronger than states; the law for sale.',
      'Augmentation that changes identity and costs money.',
      'A job or heist that goes wrong.',
      'The network as a place with its own rules and dangers.',
      'Class shown in who owns their body and their data.',
    ],
    avoid: [
      'Hacking as typing fast.',
      'Neon and rain without social texture.',
      'Technology with no cost to its users.',
    ],
    nonFiction: 'Examine technology through its social consequences: surveillance, data, power.',
    forChildren: 'A little robot in a bright city who helps fix the lights.',
  },
  alternate_history: {
    promise: 'History changed at one point, and the world that follows, worked out logically.',
    pointOfView:
      'Close third on someone for whom the changed world is simply normal, so the difference shows without comment.',
    tense: 'Past.',
    voice: 'The register of historical fiction for the altered period; technology, names and idioms shifted to fit.',
    conventions: [
      'One clear point of divergence, grounded in a real historical contingency.',
      'Consequences worked out plausibly in politics, technology and daily life.',
      'Real figures in altered roles, true to their known character.',
      "Ironies that depend on the reader's knowledge of what really happened.",
    ],
    avoid: [
      'A lecture on the divergence.',
      'Everything else unchanged, as if history had one variable.',
      'Real figures acting against their known character without cause.',
    ],
    nonFiction: 'Use counterfactuals as analysis: what if X had gone otherwise, clearly labelled as speculation.',
    forChildren: 'A gentle what-if, such as dinosaurs living next door, with one true fact about the real past.',
  },
  gothic: {
    promise: 'Decay, secrets and transgression in an oppressive old place, where the past haunts the present.',
    pointOfView:
      'First person of a newcomer, or found letters and journals, so the secret is pieced together from outside.',
    tense: 'Past.',
    voice:
      'Rich but controlled; architecture, weather and light as mood; heightened feeling in long, rhythmic sentences.',
    conventions: [
      'A house or ruin that holds a secret and shapes behaviour.',
      'A family past: inheritance, a curse, a hidden room or person.',
      'Isolation and confinement, with nobody to tell.',
      'The supernatural kept ambiguous until the secret is out.',
      'Forbidden desire and the fear of it.',
    ],
    avoid: [
      'Adjectives piled on every surface.',
      'A heroine who only faints and waits.',
      'A secret nobody has reason to keep.',
    ],
    nonFiction: "Explore the subject's buried past: ruins, archives, what institutions hid and how it surfaced.",
    forChildren: 'A creaky old house whose spooky sounds turn out to be a lonely owl who needs a friend.',
  },
  tragedy: {
    promise: 'A person of stature brought down by a flaw or a choice, inevitably, evoking pity and recognition.',
    pointOfView:
      'Close third on the protagonist, with foreshadowing they cannot read, so the reader watches the fall coming.',
    tense: 'Past.',
    voice: 'Grave and dignified; dramatic irony; restraint in grief; small early details that return at the end.',
    conventions: [
      'The flaw, and the virtue it twists, visible early.',
      'A choice where another path was open, taken freely.',
      'Reversal of fortune and a moment of recognition.',
      'The fall damages others too.',
      'Catharsis: meaning restored at great cost.',
    ],
    avoid: [
      'Random misfortune instead of choice.',
      'A last-minute rescue.',
      'Melodrama: weeping, shouting, deathbed speeches.',
    ],
    nonFiction: 'Study failures and downfalls honestly: causes, warnings missed, what it would have taken.',
    forChildren: 'A sandcastle washed away by the tide, a moment of sadness, and the joy of building again together.',
  },
  surrealism: {
    promise:
      'Dream logic: the impossible treated as normal, in images that disturb and delight more than they explain.',
    pointOfView: 'First person or close third that never questions the strangeness, so the reader accepts it too.',
    tense: 'Present or past.',
    voice:
      'Calm, precise and literal about absurd things; vivid concrete images; transitions by association, not cause.',
    conventions: [
      'An internal logic kept consistent once set.',
      'An emotional truth the images express: grief, desire, fear.',
      'Transformations of places, bodies and objects.',
      'Recurring images that gather meaning.',
    ],
    avoid: [
      'Randomness without an emotional core.',
      'An "it was a dream" ending.',
      'The narrator explaining the symbols.',
    ],
    nonFiction: 'Striking metaphors and unexpected juxtapositions that unsettle assumptions about the subject.',
    forChildren: 'A teacup that grows into a boat and sails across the kitchen floor to a sleepy island.',
  },
};
