/**
 * What picture books are made of: seven gentle problems, each with a refrain
 * that comes back page after page ("But it was still too dark.") and turns
 * happy at the end, and the pages every problem shares (meeting the hero,
 * setting off, a snack, a grumpy neighbour, an oops, a sad moment, trying
 * once more, a party, goodnight).
 *
 * Every template is one short sentence for a reader of three to six: short
 * words, no scary things, no names but the page's own. Slots (the picture
 * book's, not the world's): `hero` (with `hero.he`, `hero.his`, `hero.him`,
 * `hero.full`, "Pip the hedgehog", and `hero.once`, "a hedgehog called Pip"),
 * `friend`, `helper` and `grumpy` (each with `.full`, "Biscuit the pony"),
 * `home`, `spot` (where the page happens), `goal` (the faraway place),
 * `thing` (what matters), `fear` (what the hero of the brave plot is scared
 * of), `quest` ("to find a little light"), and one
 * `critter`, `light`, `oddity` and `snack` per page.
 */
import type { StoryBeat } from './story-outline';

export type PlotId = 'dark' | 'lost' | 'far' | 'sad' | 'small' | 'brave' | 'share';

/** What a page is for, whatever beat of the arc it tells. */
export type PageRole =
  | 'intro'
  | 'problem'
  | 'ask'
  | 'setOff'
  | 'try'
  | 'bonds'
  | 'grumpy'
  | 'idea'
  | 'oops'
  | 'low'
  | 'rally'
  | 'solution'
  | 'party'
  | 'home';

export const PAGE_ROLES: Record<StoryBeat, PageRole> = {
  ordinary: 'intro',
  inciting: 'problem',
  debate: 'ask',
  threshold: 'setOff',
  trials: 'try',
  bonds: 'bonds',
  rival: 'grumpy',
  midpoint: 'idea',
  tightening: 'try',
  betrayal: 'oops',
  lowest: 'low',
  rally: 'rally',
  climax: 'solution',
  aftermath: 'party',
  homecoming: 'home',
};

/**
 * One page: its sentences (one template each, at most three with the
 * refrain), and now and then a line somebody says aloud, set on its own.
 */
export interface PageText {
  text: readonly string[];
  say?: readonly ['hero' | 'friend' | 'helper' | 'grumpy', string];
  /** A title that fits this text best, tried before the role's titles. */
  title?: string;
}

export interface Plot {
  /** The line that comes back on every try and in the sad moment. */
  refrain: string;
  /** The refrain turned happy, on the last try that works. */
  resolved: string;
  /** What the friends set off to do: an infinitive with its "to". */
  quest: string;
  titles: readonly string[];
  dedications: readonly string[];
  synopsis: string;
  problem: readonly PageText[];
  /** Each try happens at the page's `spot`; the refrain follows. */
  tries: readonly PageText[];
  idea: readonly PageText[];
  /** The happy end of the problem, one per idea (the idea at the same index leads to it); the resolved refrain follows. */
  solution: readonly PageText[];
  /** Page titles for the tries and the problem, beside the shared ones. */
  tryTitles: readonly string[];
  problemTitles: readonly string[];
  solutionTitles: readonly string[];
}

export const PLOTS: Record<PlotId, Plot> = {
  dark: {
    refrain: 'But it was still too dark.',
    resolved: 'And it was not too dark at all.',
    quest: 'to find a little light',
    titles: ['Too Dark for [friend]', '[hero] and the Dark Night', '[friend] Can’t Sleep', 'A Light for [friend]'],
    dedications: ['For everyone who sleeps with a little light on.', 'For small people on dark nights.'],
    synopsis:
      'When the night is too dark for [friend], [hero] goes looking for a little light, and finds that friends shine brightest.',
    problem: [
      { text: ['Night came to [home].', '[^friend] could not sleep.'], say: ['friend', 'It is too dark!'] },
      {
        text: ['The sun went down behind [home].', 'Everything went dark and quiet.', '[^friend] hid under a blanket.'],
      },
      { text: ['Bedtime came at [home].', '[^hero] turned off the light.', '“Too dark!” said [friend].'] },
    ],
    tries: [
      { text: ['They went to [spot].', 'There they found [light].'] },
      { text: ['At [spot], [critter] gave them [light].'] },
      { text: ['[^hero] took [light] to [spot].', 'It glowed a tiny glow.'] },
      { text: ['They tiptoed to [spot].', '[^hero] held up [light].'] },
      { text: ['[^hero] and [friend] ran to [spot].', 'They borrowed [light] from [critter].'] },
      { text: ['At [spot], they found [light].', 'It shone and shone.'] },
    ],
    idea: [
      { text: ['[^helper.full] came to see them.'], say: ['helper', 'Look up. Look up high!'] },
      { text: ['Then [friend] had an idea.', '“Let’s ask all our friends,” said [friend].'] },
      { text: ['[^hero] saw a warm glow in [grumpy]’s window.', 'Hmm, thought [hero].'] },
    ],
    solution: [
      { text: ['The clouds moved away.', 'There was the moon, and stars everywhere.'] },
      { text: ['All their friends came with their little lights.', 'They shone together, all at once.'] },
      { text: ['[^grumpy] came with a great big lantern.', 'It was the brightest light of all.'] },
    ],
    tryTitles: ['Still Too Dark', 'A Little Glow', 'A Tiny Light'],
    problemTitles: ['Too Dark', 'Night Comes', 'Lights Out'],
    solutionTitles: ['Light!', 'Stars', 'Shining Bright'],
  },
  lost: {
    refrain: 'But [thing] was not there.',
    resolved: 'And there was [thing], safe and sound!',
    quest: 'to find [thing]',
    titles: ['Where Is [thing]?', '[hero] and [thing]', '[hero] Looks Everywhere'],
    dedications: ['For everyone who has ever lost something special.', 'For little finders everywhere.'],
    synopsis:
      'When [thing] goes missing, [hero] and [friend] look everywhere for it, and find a new friend on the way.',
    problem: [
      { text: ['One morning, [hero] looked for [thing].', 'It was not in its box.', '[^thing] was lost!'] },
      { text: ['[^hero] loved [thing] very much.', 'But today it was gone!'], say: ['hero', 'Oh no!'] },
      { text: ['“Where is [thing]?” asked [hero].', '[^hero.he] looked high and low.', 'It was nowhere at all.'] },
    ],
    tries: [
      { text: ['[^hero] looked all over [spot].', '[^hero.he] found [oddity].'] },
      { text: ['They went to [spot].', '[^critter] helped them look.'] },
      { text: ['At [spot], [friend] sniffed and sniffed.', 'It was only [oddity].'] },
      { text: ['They looked under every leaf at [spot].'] },
      { text: ['They asked [critter] at [spot].', '“I have not seen it,” came the answer.'] },
      { text: ['At [spot], [hero] peeked into every corner.', 'There was [oddity], and that was all.'] },
    ],
    idea: [
      { text: ['[^friend] found a little trail.', 'It was a trail of tiny footprints.'] },
      { text: ['[^helper.full] had a question.'], say: ['helper', 'Did you look in [friend]’s basket?'] },
      { text: ['Then [hero] saw something shiny.', 'It went round the corner!'] },
    ],
    solution: [
      { text: ['[^grumpy] had kept it safe all along.', '“I found it for you,” said [grumpy].'] },
      { text: ['It was in [friend]’s basket all the time!', 'Everyone laughed.'] },
      { text: ['Under a big leaf, something shone.', '[^hero] lifted the leaf.'] },
    ],
    tryTitles: ['Not Here!', 'Looking and Looking', 'Is It Here?'],
    problemTitles: ['Lost!', 'Oh No!', 'Where Is It?'],
    solutionTitles: ['Found It!', 'There It Is!', 'Safe and Sound'],
  },
  far: {
    refrain: 'But [goal] was still too far.',
    resolved: 'And [goal] was not too far at all.',
    quest: 'to get to [goal]',
    titles: ['[hero] and [goal]', 'The Way to [goal]', 'Far, Far Away'],
    dedications: ['For little feet on long roads.', 'For everyone who has ever wanted to go somewhere new.'],
    synopsis:
      '[^hero] and [friend] want to visit [goal], a long, long way away, and learn that the way is shorter together.',
    problem: [
      { text: ['[^hero] could see [goal] from [home].'], say: ['hero', 'I want to go there!'] },
      { text: ['Every night, [hero] looked at [goal].', 'It looked so lovely.', 'It looked so far away.'] },
      { text: ['“Let’s visit [goal]!” said [friend].', '[^hero] clapped [hero.his] hands.'] },
    ],
    tries: [
      { text: ['They walked all the way to [spot].', 'Their legs got tired.'] },
      { text: ['They hopped to [spot].', 'Hop, hop, hop!'] },
      { text: ['At [spot], they climbed up high to look.'] },
      { text: ['They rode with [critter] to [spot].'] },
      { text: ['[^hero] and [friend] raced to [spot].', 'They raced and raced.'] },
      { text: ['At [spot], they made a little paper boat.', 'It went round in a circle.'] },
    ],
    idea: [
      { text: ['[^helper.full] had a good idea.'], say: ['helper', 'Go together, step by step.'] },
      { text: ['Then [friend] had an idea.', '“Let’s ask for a ride!” said [friend].'] },
      { text: ['[^hero] had an idea.', 'A walking song!'] },
    ],
    solution: [
      { text: ['They held hands and walked together.', 'Step by step, they got there.'] },
      { text: ['[^grumpy] came by with a big cart.', 'Bumpity bump, all the way!'] },
      { text: ['Everyone came along, singing all the way.'] },
    ],
    tryTitles: ['Still Too Far', 'A Long Way', 'Nearly There?'],
    problemTitles: ['So Far Away', 'A Faraway Place', 'Over There'],
    solutionTitles: ['We Made It!', 'All the Way', 'Here at Last'],
  },
  sad: {
    refrain: 'But [friend] still did not smile.',
    resolved: 'And [friend] smiled the biggest smile.',
    quest: 'to find a smile for [friend]',
    titles: ['A Smile for [friend]', '[hero] and [friend]', 'Cheer Up, [friend]!'],
    dedications: [
      'For everyone who has ever cheered up a friend.',
      'For grey days, and the friends who brighten them.',
    ],
    synopsis:
      'When [friend] feels sad, [hero] tries everything to bring back a smile, and finds that a friend is the best cure.',
    problem: [
      { text: ['One day, [friend] was sad.', '[^friend] did not want to play.', '[^friend] did not smile at all.'] },
      { text: ['[^friend] sat all alone at [home].', '“What is wrong?” asked [hero].'] },
      { text: ['[^friend] felt grey inside.', '[^hero] gave [friend] a hug.', 'It helped a little bit.'] },
    ],
    tries: [
      { text: ['At [spot], [hero] sang a happy song.', 'La, la, la!'] },
      { text: ['At [spot], [hero] did a silly dance.', '[^critter] danced too.'] },
      { text: ['They picked flowers at [spot].', '[^hero] gave [friend] the biggest one.'] },
      { text: ['[^hero] made a very funny face at [spot].'] },
      { text: ['At [spot], [hero] told [friend] a joke.', 'It was a good joke.'] },
      { text: ['They shared [snack] at [spot].', 'It was yummy.'] },
    ],
    idea: [
      { text: ['[^helper.full] whispered to [hero].'], say: ['helper', 'Maybe [friend] feels lonely.'] },
      { text: ['[^hero] had an idea.', 'A big idea.', 'A party idea!'] },
      { text: ['Then they heard [grumpy] laughing nearby.', 'Ho, ho, ho!'] },
    ],
    solution: [
      { text: ['All their friends came to play.', 'They played until the sun went down.'] },
      { text: ['Everyone came to a surprise party.', 'There were balloons and cake and songs.'] },
      { text: ['[^grumpy] told the silliest joke ever.', '[^friend] giggled, and then laughed.'] },
    ],
    tryTitles: ['Still No Smile', 'A Silly Try', 'Not Yet'],
    problemTitles: ['A Sad Day', 'No Smile', 'Feeling Grey'],
    solutionTitles: ['A Big Smile', 'The Party', 'Giggles'],
  },
  brave: {
    refrain: 'But [hero] was still scared of [fear].',
    resolved: 'And [hero] was not scared of [fear] any more.',
    quest: 'to find a way to be brave',
    titles: ['Brave [hero]', '[hero] Is Brave', 'Not Scared of [fear]'],
    dedications: ['For everyone who has been scared, and tried anyway.', 'For small, brave hearts.'],
    synopsis:
      '[^hero] is scared of [fear], so [hero] and [friend] set off to find a way to be brave, and find it is easier together.',
    problem: [
      { text: ['[^hero] was scared of [fear].', '[^hero.he] hid under a blanket.'], say: ['hero', 'I am scared!'] },
      {
        text: [
          'One day, [hero] thought about [fear].',
          '[^hero.his] tummy felt wobbly.',
          '[^hero.he] did not want to go out.',
        ],
      },
      { text: ['“What is wrong?” asked [friend].', '“I am scared of [fear],” said [hero].'] },
    ],
    tries: [
      { text: ['At [spot], [friend] held [hero]’s hand.', 'That helped a little bit.'] },
      { text: ['They went to [spot].', '[^critter] showed them how to take a big, slow breath.'] },
      { text: ['At [spot], [hero] sang a brave song.', 'La, la, la!'] },
      { text: ['[^hero] tried to be brave at [spot].', '[^hero.he] counted to ten.'] },
      { text: ['At [spot], [hero] made a brave face.', 'It was a very funny face.'] },
      { text: ['They talked about [fear] at [spot].', '[^critter] listened.'] },
    ],
    idea: [
      { text: ['[^helper.full] came to see them.'], say: ['helper', 'Brave is being scared and trying anyway.'] },
      { text: ['Then [friend] had an idea.', '“We can be brave together,” said [friend].'] },
      { text: ['[^hero] saw [grumpy] at [spot], not scared at all.', 'Hmm, thought [hero].'] },
    ],
    solution: [
      { text: ['[^hero] was scared, and [hero.he] tried anyway.', 'Step by step, [hero.he] did it!'] },
      { text: ['[^hero] and [friend] held hands tight.', 'Together, they were brave.'] },
      { text: ['[^grumpy] told them a secret.', '“I was scared too,” said [grumpy].'] },
    ],
    tryTitles: ['Still Scared', 'A Brave Try', 'Deep Breaths'],
    problemTitles: ['Scared', 'A Wobbly Tummy', 'Hiding'],
    solutionTitles: ['Brave!', 'Brave Together', 'Not So Scary'],
  },
  share: {
    refrain: 'But playing alone was no fun.',
    resolved: 'Playing together was much more fun!',
    quest: 'to find a game for two',
    titles: ['[hero] Shares', '[hero] Takes Turns', 'Mine, Says [hero]'],
    dedications: ['For everyone who is learning to share.', 'For little friends who take turns.'],
    synopsis:
      '[^hero] will not share [thing] with [friend], until [hero] finds that playing together is much more fun than playing alone.',
    problem: [
      { text: ['[^hero] had [thing].', '[^friend] wanted a turn.'], say: ['hero', 'No! It is mine!'] },
      { text: ['[^hero] loved [thing] very much.', '[^hero.he] did not want to share it with anyone.'] },
      { text: ['“Can I play too?” asked [friend].', '[^hero] held [thing] tight.', '“Mine!” said [hero].'] },
    ],
    tries: [
      { text: ['[^hero] played with [thing] all alone.', 'Nobody else could play.'] },
      { text: ['[^hero] took [thing] to [spot].', '[^friend] just watched.'] },
      { text: ['At [spot], [critter] asked for a turn.', '[^hero] said no.'] },
      { text: ['[^hero] played with [thing] at [spot].', '[^hero.he] played and played.'] },
      { text: ['They went to [spot].', '[^friend] played with a stick instead.'] },
      { text: ['[^hero] kept [thing] all to [hero.him]self.', 'Nobody else had a turn.'] },
    ],
    idea: [
      { text: ['[^helper.full] came to see them.'], say: ['helper', 'Some games need two.'] },
      { text: ['Then [hero] had an idea.', 'A sharing idea!'] },
      { text: ['[^hero] saw [grumpy] sharing [snack] with [critter].', 'Hmm, thought [hero].'] },
    ],
    solution: [
      { text: ['[^hero] gave [thing] to [friend].', '“Let’s play together,” said [hero].'] },
      { text: ['[^hero] and [friend] took turns with [thing].', 'One for you, one for me!'] },
      { text: ['[^hero] shared [thing] with everyone.', 'Even [grumpy] had a turn.'] },
    ],
    tryTitles: ['All Alone', 'Mine, Mine, Mine', 'No Fun'],
    problemTitles: ['Mine!', 'A Turn, Please', 'Not Sharing'],
    solutionTitles: ['Taking Turns', 'Sharing', 'Together'],
  },
  small: {
    refrain: 'But [hero] was still too small.',
    resolved: 'Being small was just right.',
    quest: 'to help with the big day',
    titles: ['Small [hero]', '[hero] Is Just Right', 'Too Small for [hero]?'],
    dedications: ['For everyone who is small, and mighty.', 'For little helpers everywhere.'],
    synopsis:
      'Everyone is busy with a big day, and [hero] is too small to help, until a small job comes along that only [hero] can do.',
    problem: [
      { text: ['Everyone at [home] was very busy.', 'They were doing big jobs.'], say: ['hero', 'I want to help!'] },
      { text: ['Tomorrow was the big day.', 'Everyone was getting ready.', '[^hero] wanted to help too.'] },
      { text: ['[^hero] was the smallest at [home].', '[^hero.he] wanted to help with the big day.'] },
    ],
    tries: [
      { text: ['At [spot], they were carrying big baskets.', '[^hero] tried to carry one.'] },
      { text: ['At [spot], they were hanging flags up high.', '[^hero] stood on tiptoe.'] },
      { text: ['At [spot], they were pushing a heavy cart.', '[^hero] pushed with all [hero.his] might.'] },
      { text: ['[^hero] tried to reach the top shelf at [spot].', '[^hero.he] jumped and jumped.'] },
      { text: ['At [spot], everyone was lifting a big log.', '[^hero] lifted too.'] },
      { text: ['At [spot], [hero] tried to ring the big bell.', 'The rope was too high.'] },
    ],
    idea: [
      { text: ['Then they heard a tiny squeak.', 'It came from a tiny hole.'] },
      { text: ['Oh no, [thing] rolled away!', 'It rolled into a tiny gap.'] },
      { text: ['[^helper.full] pointed at a little door.'], say: ['helper', 'Only someone small fits in there.'] },
    ],
    solution: [
      { text: ['[^hero] wriggled into the tiny hole.', 'Out came a lost kitten, safe and sound!'] },
      { text: ['Only [hero] could fit in the gap.', 'In went [hero], and out came [thing]!'] },
      { text: ['[^hero] crawled through the little door.', 'Behind it was [thing], safe and sound!'] },
    ],
    tryTitles: ['Still Too Small', 'Too Big a Job', 'Up on Tiptoe'],
    problemTitles: ['The Big Day', 'Too Small', 'Busy, Busy'],
    solutionTitles: ['Just Right', 'Small and Brave', 'Only [hero]'],
  },
};

/** The pages every plot shares, by role. */
export const SHARED_PAGES: Record<Exclude<PageRole, 'problem' | 'try' | 'idea' | 'solution'>, readonly PageText[]> = {
  intro: [
    { text: ['This is [hero.full].', '[^hero] lives at [home].', 'This is [hero.his] best friend, [friend.full].'] },
    {
      text: [
        '[^hero.full] lived at [home].',
        '[^hero.his] best friend was [friend.full].',
        'Every day they played together.',
      ],
    },
    {
      text: [
        'Once there was [hero.once].',
        '[^hero] lived at [home] with [hero.his] best friend.',
        'That was [friend.full].',
      ],
      title: 'Best Friends',
    },
  ],
  ask: [
    { text: ['So they went to see [helper.full].', '[^helper] knew lots of things.'] },
    { text: ['“Let’s ask [helper],” said [friend].', '[^helper.full] was very wise.'] },
    { text: ['[^helper.full] listened carefully.'], say: ['helper', 'Be brave, and be kind.'] },
  ],
  setOff: [
    { text: ['So off they went, [quest].', 'Off went [hero], and off went [friend].'] },
    { text: ['[^hero] put on [hero.his] shoes.', 'Off went [hero] and [friend], [quest].'] },
    { text: ['“Come on!” said [hero].', 'And they set off, [quest].'] },
  ],
  bonds: [
    {
      text: ['They stopped for a snack.', 'They shared [snack].'],
      say: ['friend', 'You are my best friend.'],
      title: 'Snack Time',
    },
    { text: ['[^hero] and [friend] sat down for a rest.', 'They had [snack].', 'Yum!'], title: 'Yum!' },
    { text: ['They rested under a tree.', '[^friend] gave [hero] a big hug.'], title: 'A Big Hug' },
  ],
  grumpy: [
    {
      text: ['At [spot] lived [grumpy.full].', '[^grumpy] was very grumpy.'],
      say: ['grumpy', 'Go away!'],
      title: 'Go Away!',
    },
    { text: ['Then they met [grumpy.full].', '“Hmph!” said [grumpy].', '“No visitors today!”'], title: 'Hmph!' },
    {
      text: ['[^grumpy.full] stamped and huffed.', '“Too noisy!” said [grumpy].', '[^hero] said sorry, very nicely.'],
      title: 'Too Noisy!',
    },
  ],
  oops: [
    { text: ['Oops!', '[^friend] slipped in a puddle.', 'Now [friend] was muddy all over.'], title: 'Splish, Splash' },
    { text: ['Then the wind blew.', 'Whoosh!', 'Away went [hero]’s hat.'], title: 'Whoosh!' },
    {
      text: ['Then it started to rain.', 'Pitter-patter, pitter-patter.', 'They hid under a big leaf.'],
      title: 'Pitter-Patter',
    },
    { text: ['Oh dear, where was [friend]?'], say: ['friend', 'Here I am!'], title: 'Where Is [friend]?' },
  ],
  low: [
    { text: ['[^hero] sat down on a stone.', '[^hero.he] felt tired and small.'], title: 'Feeling Small' },
    { text: ['[^hero] sighed a big sigh.', 'They had tried and tried.'] },
    { text: ['It was getting late.', '[^hero] wanted to give up.'], title: 'Getting Late' },
  ],
  rally: [
    { text: ['[^friend] held [hero]’s hand.'], say: ['friend', 'Let’s try one more time.'] },
    { text: ['[^grumpy] came over, not so grumpy now.'], say: ['grumpy', 'I can help.'] },
    { text: ['[^hero] stood up tall.', '“We can do it,” said [hero].', '“Together!”'] },
  ],
  party: [
    { text: ['Everyone cheered.', 'Hooray!', '[^grumpy] danced a happy dance.'] },
    { text: ['They had a party at [spot].', 'Even [grumpy] came, and smiled.'] },
    { text: ['There were hugs for everyone.', 'Even [grumpy] got a hug.'] },
  ],
  home: [
    {
      text: ['Then [hero] and [friend] went home to [home].', '“Goodnight, [friend],” said [hero].'],
      title: 'Goodnight',
    },
    { text: ['Back at [home], it was time for bed.', '[^friend] yawned, and [hero] yawned.'], title: 'Bedtime' },
    { text: ['Home again, [hero] gave [friend] a big hug.', 'What a day it had been!'], title: 'Home Again' },
  ],
};

/** Page titles by role; `try`, `problem` and `solution` add the plot's own. */
export const PAGE_TITLES: Record<PageRole, readonly string[]> = {
  intro: ['[hero] and [friend]', 'Meet [hero]', 'At Home'],
  problem: ['Uh-Oh', 'One Day'],
  ask: ['Ask [helper]', 'Wise [helper]', 'A Visit'],
  setOff: ['Off We Go', 'Setting Off', 'Off They Go'],
  try: ['[spot:bare]', 'Another Try', 'Try Again', 'Here or There?', 'What Now?', 'Look Again'],
  bonds: ['A Little Rest', 'Side by Side'],
  grumpy: ['Grumpy [grumpy]', 'Meet [grumpy]'],
  idea: ['An Idea', 'A Good Idea', 'Hmm'],
  oops: ['Oops!', 'Oh Dear!'],
  low: ['A Sad Moment', 'So Tired'],
  rally: ['One More Time', 'Together', 'Not Giving Up'],
  solution: ['At Last!'],
  party: ['Hooray!', 'A Party', 'Everyone Cheers'],
  home: ['Home Again', 'Back Home'],
};

/** What the friend (or, when the friend is the sad one, the hero) calls out on a try in a 3.0 book. */
export const TRY_CHEERS = [
  'Let’s keep going!',
  'Where next?',
  'Never mind!',
  'We can try again!',
  'Onward!',
  'Not yet!',
];

/** Words in a prompt that choose the plot, whatever the style. */
export const PROMPT_PLOTS: ReadonlyArray<readonly [RegExp, PlotId]> = [
  [/\b(?:afraid|scared|frightened) of the dark\b/i, 'dark'],
  [/\b(afraid|scared|frightened|fears?|brave|braver|courage|nervous|shy|worried)\b/i, 'brave'],
  [/\b(share|shares|sharing|take turns|takes turns|taking turns|selfish)\b/i, 'share'],
  [/\b(dark|night|sleep|bedtime)\b/i, 'dark'],
  [/\b(lost|loses|missing|finds?|looking for|search(es)?)\b/i, 'lost'],
  [/\b(far|faraway|far-away|journeys?|travels?|visits?|trips?|voyages?|explores?)\b/i, 'far'],
  [/\b(sad|lonely|cheer|smiles?|cry|cries)\b/i, 'sad'],
  [/\b(small|smallest|tiny)\b/i, 'small'],
];

/** Little lights for the dark night: a noun phrase with its article. */
export const LIGHTS = [
  'a glow-worm',
  'a firefly',
  'a little lantern',
  'a shiny pebble',
  'a glowing mushroom',
  'a jar of starlight',
  'a yellow torch',
];

/** Small friendly animals met on the way, with their article. */
export const CRITTERS = [
  'a friendly frog',
  'a kind old owl',
  'a busy little mouse',
  'a sleepy snail',
  'a helpful hedgehog',
  'a buzzy bee',
  'a chatty robin',
  'a fluffy rabbit',
];

/** Things found instead of what was lost. */
export const ODDITIES = ['an old sock', 'a pine cone', 'a button', 'a yellow leaf', 'a snail shell', 'a paper hat'];

export const SNACKS = [
  'a crunchy apple',
  'a jam sandwich',
  'a warm bun',
  'a bowl of berries',
  'a pear',
  'a honey cake',
];

/** The plot each style leans toward; other styles take one by the book's own hash. */
export const STYLE_PLOTS: Partial<Record<string, PlotId>> = {
  horror: 'dark',
  gothic: 'dark',
  paranormal: 'dark',
  suspense: 'dark',
  mystery: 'lost',
  crime: 'lost',
  noir: 'lost',
  thriller: 'lost',
  sci_fi: 'far',
  adventure: 'far',
  epic: 'far',
  mythology: 'far',
  drama: 'sad',
  romance: 'sad',
  tragedy: 'sad',
  psychological: 'sad',
  fable: 'small',
  folklore: 'small',
  superhero: 'small',
};
