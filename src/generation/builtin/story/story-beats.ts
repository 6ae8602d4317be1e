/**
 * What happens in each beat of the arc, as templates for the grammar (see
 * grammar.ts for the notation). The style's lexicon fills the slots, so the
 * same beat reads as a western, a space opera or a fairy tale.
 *
 * Slots beyond the world's (world.ts): `here` is where the section happens,
 * `other` (with `other.he`, `other.his`, ...) is whom the hero talks to in it.
 */
import type { StoryBeat } from './story-outline';

/** `other` is the beat's companion (BEAT_COMPANION); `extra` a bystander. */
export type Speaker = 'hero' | 'other' | 'ally' | 'rival' | 'mentor' | 'extra';
export type Line = readonly [Speaker, string];
type Paragraph = readonly string[];

export interface BeatMaterial {
  /** Section titles; the outline keeps them unique across the book. */
  titles: readonly string[];
  /** One sentence of what happens: synopsis, and the recollection of later sections. */
  summary: readonly string[];
  /** How later sections refer back to it: a noun phrase. "the night the telegram came". */
  memory: readonly string[];
  /** Where the hero stands as the section opens. */
  setup: readonly Paragraph[];
  /** The section's conversation, line by line. */
  talk: readonly (readonly Line[])[];
  /** What happens. */
  event: readonly Paragraph[];
  /** The section's last line. */
  hook: readonly string[];
}

export const BEATS: Record<StoryBeat, BeatMaterial> = {
  ordinary: {
    titles: [
      '[here:bare]',
      'Before [threat:the]',
      'The Last Quiet {Day|Evening|Morning}',
      '[^hero] of [home]',
      'An Ordinary {Day|Week} in [home]',
    ],
    summary: [
      'In [home], [hero.full], [hero.role], {keeps|holds} a {small|narrow|careful} life together and dreams of something more.',
      'We meet [hero.full], [hero.role], whose days in [home] are {full of|measured by} small, familiar troubles.',
    ],
    memory: ['the quiet days in [home]', 'the last ordinary morning in [home]'],
    setup: [
      [
        'Nobody in [home] would have called [hero] remarkable, and [hero.he] liked it that way.',
        'For {three|five|seven|eleven} years [hero.he] had been [hero.role], and [hero.he] knew every {crack|corner|habit} of the place.',
        'What [hero.he] wanted, and told no one, was to [goal].',
      ],
      [
        '[^hero.full] had a rule: {keep your head down|never ask what you cannot afford to know|finish the work before the light goes}.',
        'It was a good rule for [hero.role], and it had kept [hero.him] safe for a long time.',
        'Lately it had begun to feel {less like a rule and more like a cage|like something borrowed from a smaller person|thin}.',
      ],
      [
        'Every {morning|evening} began the same way for [hero]: [hero.he] [action], then [hero.he] [action], and only then did [hero.he] let [hero.self] look at [keepsake:the].',
        'It had belonged to someone [hero.he] missed, and it reminded [hero.him] that there were other ways to live.',
      ],
    ],
    talk: [
      [
        ['ally', '{You’re up early|You look like you haven’t slept|You’ve been staring at that for an hour}.'],
        ['hero', '{It’s nothing|Nothing. It’s nothing|It’s nothing, really}.'],
        ['ally', 'It’s never nothing with you. Is it still about wanting to [goal]?'],
        ['hero', 'Maybe. Doesn’t matter. Nothing ever changes in [home].'],
        ['ally', '{Say that louder|Keep talking like that|Say it often enough}, and something will.'],
      ],
      [
        ['hero', 'Did you hear what [extra] said {this morning|last night}?'],
        ['ally', 'About [threat]? People here love a story.'],
        ['hero', 'People here love a story because nothing happens to them.'],
        ['ally', 'And you’d like something to happen to you.'],
        ['hero', 'I’d like to [goal]. That isn’t the same thing.'],
      ],
    ],
    event: [
      [
        'The {day|afternoon} went on like a hundred before it.',
        '[^extra] came by with the usual complaints, and [hero] answered them with the usual patience.',
        'Only once did [hero] stop, when [sight], and for a moment [hero.he] could not have said why [hero.his] heart was beating so hard.',
      ],
      [
        'Later, [hero] walked the long way round [home].',
        '[^sound:cap], and [smell].',
        'It was [tone] and familiar and small, and [hero] loved it and wanted to leave it, both at once.',
      ],
    ],
    hook: [
      'That night, for the first time in years, [hero] dreamed of [threat].',
      'If [hero] had known how little time the quiet had left, [hero.he] might have {enjoyed it more|said goodbye to it properly}.',
      'Somewhere beyond [home], [threat] was already on its way.',
    ],
  },

  inciting: {
    titles: [
      '[prize:bare]',
      'The Arrival',
      'What Came to [home]',
      '[threat:bare]',
      'News from {Outside|the Road|Afar}',
    ],
    summary: [
      '[^threat] reaches [home], and [prize] falls into [hero]’s hands.',
      'When [threat] comes to [home], [hero] finds [prize] and with it a reason to act.',
    ],
    memory: ['the day [threat] came to [home]', 'the moment [prize] first turned up', 'the first warning'],
    setup: [
      [
        'It started, as the worst things do, with something {small|easy to ignore|almost funny}.',
        '[^extra] {swore|insisted|kept saying} that [sight], and nobody believed a word of it.',
        '[^hero] did not believe it either, until [hero.he] saw it with [hero.his] own eyes.',
      ],
      [
        '[^hero] was halfway through an ordinary task when the ordinary ended.',
        '[^sound:cap]. Then again, closer.',
        'By the time [hero.he] reached the door, half of [home] was already outside.',
      ],
    ],
    talk: [
      [
        ['ally', '{Tell me you see it too?|Don’t touch it!|Where did you get that?}'],
        ['hero', 'It was just lying there. [^prize]. Here, of all places.'],
        ['ally', 'Things like that don’t lie anywhere by accident.'],
        ['hero', 'Then somebody wanted it found.'],
        ['ally', 'Or somebody lost it and is coming back for it. [exclamation]'],
      ],
      [
        ['extra', 'It’s [threat]. I told you all. I told you!'],
        ['hero', 'Slow down. What exactly did you see?'],
        ['extra', 'Enough to know that [stakes], unless someone does something.'],
        ['ally', 'And by someone, you mean us.'],
        ['hero', 'I mean me.'],
      ],
    ],
    event: [
      [
        '[^prize] was heavier than it looked, and [hero] understood at once that it did not belong in [home].',
        'Whoever had owned it had owned it for a reason, and reasons like that come looking for what they lost.',
        'By nightfall the whole of [home] was talking about [threat], and half of them were looking at [hero].',
      ],
      [
        'The news spread the way fire spreads through dry grass.',
        'By evening [extra] had closed {the shutters|the doors|up early}, [extra] had left town, and [hero] held [prize] and a question nobody could answer.',
        'If [threat] was real, then [stakes:past].',
      ],
    ],
    hook: [
      'Somewhere out in the dark, something that wanted [prize] back had begun to move.',
      '[^hero] wrapped [prize] in cloth and did not sleep.',
      'In the morning there was a mark on [hero]’s door that had not been there the night before.',
    ],
  },

  debate: {
    titles: [
      '[^mentor]’s Counsel',
      'What [hero] Decided',
      'The Question',
      'Reasons to Stay',
      'What [mentor] Knew',
      'Advice {Nobody Wanted|Given Too Late|Worth Keeping}',
    ],
    summary: [
      '[^hero] seeks out [mentor.full], [mentor.role], and hesitates before the road ahead.',
      'Torn between staying and going, [hero] asks [mentor] for counsel.',
    ],
    memory: ['what [mentor] said at [here]', '[mentor]’s warning', 'the long talk with [mentor]'],
    setup: [
      [
        '[^hero] went to [mentor.full] because there was nobody else to go to.',
        '[^mentor] was [mentor.role], and had seen more of [threat] and its like than anyone living.',
        '[^mentor.he] listened without interrupting, which was worse than any lecture.',
      ],
      [
        '[^here] smelled {of old paper|of smoke and patience|like the past}.',
        '[^mentor] [action] before [mentor.he] said a word, and [hero] knew better than to hurry [mentor.him].',
      ],
    ],
    talk: [
      [
        ['hero', 'Tell me to leave it alone. Tell me it isn’t my business.'],
        ['mentor', 'I could. Would you listen?'],
        ['hero', 'If you said it properly.'],
        ['mentor', '[saying]'],
        ['hero', 'That isn’t an answer.'],
        [
          'mentor',
          'It is the only kind I have. You want to [goal]. Then the road goes through [threat], not around it.',
        ],
      ],
      [
        ['mentor', 'You know what [prize] is, don’t you?'],
        ['hero', 'I know what people say it is.'],
        ['mentor', 'People say a great deal. Here is what I know: [rival] wants it, and [rival] does not stop.'],
        ['hero', 'Who is [rival]?'],
        ['mentor', '[^rival.role]. And the reason [stakes], if nobody stands in the way.'],
      ],
    ],
    event: [
      [
        '[^hero] made a list of reasons to stay. It was a long list, and every item on it was true.',
        'Then [hero.he] thought about what would happen if nobody went: [stakes:past]. The list stopped mattering.',
        'The choice, when it came, did not feel brave. It felt like the only door left in a narrowing hall.',
      ],
      [
        '[^mentor] gave [hero] {a map drawn from memory|a name and a warning|the last of [mentor.his] savings|a letter for someone on the road}.',
        '“For when you need it,” [mentor.he] said, “and not before.”',
        '[^hero] did not ask how [mentor] had known [hero.he] would go.',
      ],
    ],
    hook: [
      'By the time the {lamps|lights|fires} went out, [hero] had decided.',
      '[^mentor]’s last words followed [hero] all the way home: [saying]',
      'The road was waiting. It had been waiting for years.',
    ],
  },

  threshold: {
    titles: [
      'The Road to [here]',
      'Leaving [home]',
      'Beyond the {Edge|Border|Last Lamp}',
      '[here:bare]',
      'Crossing Over',
    ],
    summary: [
      '[^hero] and [ally] leave [home] behind and cross into [here].',
      'With [prize] hidden close, [hero] sets out and reaches [here].',
    ],
    memory: ['the day they left [home]', 'the crossing into [here]', 'the first night on the road'],
    setup: [
      [
        'They left [home] [time], which [ally] said was either very wise or very stupid.',
        '[^hero] looked back once. It was smaller than [hero.he] remembered.',
        'Then the road turned, and [home] was gone.',
      ],
      [
        '[^here] was nothing like [home].',
        '[^sight:cap]; [sight]; and everywhere [hero] looked, [hero.he] saw how little [hero.he] knew.',
      ],
    ],
    talk: [
      [
        ['ally', 'You know we can still turn back.'],
        ['hero', 'Do you want to?'],
        ['ally', 'Every minute. That’s not the same as doing it.'],
        ['hero', 'Thank you for coming.'],
        ['ally', 'Don’t thank me yet. Thank me when we’re alive at the end of it.'],
      ],
      [
        ['hero', 'Is it always like this out here?'],
        ['ally', 'Like what?'],
        ['hero', '{Loud|Big|Honest about wanting to kill you}.'],
        ['ally', 'You get used to it. Or you go home.'],
        ['hero', 'Then I’ll get used to it.'],
      ],
    ],
    event: [
      [
        'The first test came sooner than either of them expected.',
        '[^extra] stopped them at the edge of [here] and asked, very politely, what they were carrying.',
        '[^hero] lied. It was the first lie of the journey, and [hero.he] was surprised how easily it came.',
      ],
      [
        'They made camp where they could, and [ally] [action] while [hero] watched the dark.',
        '[^sound:cap]. [^smell:cap].',
        'Somewhere behind them, [home] was going to sleep as if nothing had changed. Ahead, everything had.',
      ],
    ],
    hook: [
      'When [hero] finally slept, [hero.he] slept with one hand on [prize].',
      'In the morning, they found tracks around the camp that were not theirs.',
      'There was no going back now, and for the first time [hero] did not want to.',
    ],
  },

  trials: {
    titles: [
      'The First Test',
      '[^hero]’s {Bargain|Wager|Gamble}',
      'Trouble at [here]',
      '[jargon:bare] and {Ashes|Lies|Luck}',
      'What [here] Wanted',
      'A Price for {Passage|Answers|Everything}',
    ],
    summary: [
      'In [here], [hero] and [ally] face their first real trial and find [clue].',
      'A hard bargain in [here] costs [hero] dearly but yields [clue].',
    ],
    memory: ['what happened at [here]', 'the bargain struck in [here]', 'the night they found [clue]'],
    setup: [
      [
        '[^here] {did not welcome strangers|had its own rules|was a place that charged for everything, including answers}.',
        '[^hero] learned that within an hour, when [extra] looked at [hero.him] the way a cat looks at a bird.',
      ],
      [
        'They needed {a guide|a way through|a name|information}, and in [here] that meant paying for it.',
        '[^ally] knew a person. [^ally] always knew a person. It was the most useful and least comforting thing about [ally.him].',
      ],
    ],
    talk: [
      [
        ['extra', 'You’re asking about [threat]. People who ask about that don’t stay long.'],
        ['hero', 'I don’t intend to stay long.'],
        ['extra', 'That’s not what I meant.'],
        ['ally', 'Name your price.'],
        ['extra', 'Not money. I want [keepsake:the].'],
        ['hero', 'No.'],
        ['extra', 'Then good luck to you. You’ll need it.'],
      ],
      [
        ['hero', 'Whatever happens in there, you stay behind me.'],
        ['ally', 'That’s very noble. Do you have a plan?'],
        ['hero', 'I have most of a plan.'],
        ['ally', 'Which part is missing?'],
        ['hero', 'The part where we survive it.'],
      ],
    ],
    event: [
      [
        'It went wrong {quickly|almost at once|the way these things always do: all at once}.',
        '[^hero] [action], [ally] shouted something [hero.he] did not catch, and for a long moment there was nothing but noise and [jargon].',
        'When it was over, [hero] was bleeding from a cut {on one hand|above the eye|along the arm}, and in [hero.his] other hand was [clue].',
      ],
      [
        'They paid. It cost more than [hero] had meant to give, and less than [hero.he] had feared.',
        'In return they got [clue], and with it the first true thing anyone had told them about [threat].',
        '[^ally] turned it over and went quiet, which was never a good sign.',
      ],
      [
        '[^hero] did the one thing [hero.he] was good at: [hero.he] noticed.',
        '[^sight:cap], and that told [hero.him] where to look.',
        'Behind a loose {board|stone|panel} lay [clue], and [hero] understood that someone had hidden it for someone like [hero.him] to find.',
      ],
    ],
    hook: [
      '[^clue] did not answer any questions. It only asked better ones.',
      'On the way out of [here], [hero] had the feeling of being followed, and this time [hero.he] was right.',
      'That night [ally] sat apart, turning [clue] over, and would not say why.',
    ],
  },

  bonds: {
    titles: [
      'A Night Without {Stars|Sleep|Fire}',
      'What [ally] Said',
      'Confessions',
      'Small Hours',
      'The Long Way Round',
    ],
    summary: [
      'A quiet night brings [hero] and [ally] closer, and hints at what [ally] has not said.',
      'On the road, [hero] and [ally] learn to trust each other, almost completely.',
    ],
    memory: ['the long night of talking', 'what [ally] almost said', 'the night they became friends'],
    setup: [
      [
        'For once there was nothing to run from, and neither of them knew what to do with it.',
        '[^ally] [action]. [^hero] pretended to sleep and did not.',
      ],
      [
        'They stopped at [here] because [ally] insisted, and [ally] insisted because [hero] was too stubborn to admit [hero.he] needed the rest.',
        '[^smell:cap]. [^sound:cap]. It was almost peaceful.',
      ],
    ],
    talk: [
      [
        ['hero', 'Why did you come? Really.'],
        ['ally', 'Because you asked.'],
        ['hero', 'People say no to me all the time.'],
        ['ally', 'I’m not people. And maybe I owed somebody something.'],
        ['hero', 'Owed who?'],
        ['ally', 'Ask me another night.'],
      ],
      [
        ['ally', 'What will you do, after? If there is an after.'],
        ['hero', 'I don’t know. Go home, I suppose.'],
        ['ally', 'You don’t believe that.'],
        ['hero', 'No. What about you?'],
        ['ally', 'I stopped planning for after a long time ago. It’s more restful.'],
      ],
    ],
    event: [
      [
        '[^hero] told [ally] about [keepsake:the], and about the person it had belonged to.',
        '[^ally] listened the way people listen who have lost something themselves.',
        'When [hero] finished, [ally] started to say something, stopped, and [action] instead.',
      ],
      [
        'They traded stories until the fire was embers.',
        '[^ally]’s stories were funnier than [hero]’s, and [hero] noticed, in the way [hero.he] noticed everything, that none of them took place in the last {five|ten} years.',
      ],
    ],
    hook: [
      'Later, half asleep, [hero] heard [ally] whisper something that sounded like an apology.',
      'It was the best night of the whole journey, and [hero] would remember it when [hero.he] needed to.',
      'Neither of them mentioned [secret:the], because only one of them knew it existed.',
    ],
  },

  rival: {
    titles: ['[^rival]', 'The {Other|First} Meeting', 'Face to Face', 'An Offer', 'The Price of [prize:the]'],
    summary: [
      '[^hero] comes face to face with [rival.full], [rival.role], who wants [prize] and will not ask twice.',
      '[^rival.full] makes [hero] an offer, and [hero] refuses it.',
    ],
    memory: ['the first meeting with [rival]', '[rival]’s offer', 'the look on [rival]’s face at [here]'],
    setup: [
      [
        '[^rival.full] was not what [hero] had expected.',
        '[^rival.he] was {courteous|quiet|amused|patient}, and [rival.he] [action] as if there were no hurry in the world.',
        'That was the most frightening thing about [rival.him].',
      ],
      [
        'They met at [here], because [rival] chose it, and [rival] chose everything.',
        '[^sight:cap]. [^rival.his] people stood at the edges of the room and did not pretend to be anything else.',
      ],
    ],
    talk: [
      [
        ['rival', 'You have something of mine.'],
        ['hero', 'I have something I found.'],
        ['rival', 'Finding is a kind of taking. Give me [prize:the], and you can go home to [home].'],
        ['hero', 'And if I don’t?'],
        ['rival', 'Then [stakes], and you will know it was your doing.'],
        ['hero', 'It won’t be mine. It will be yours.'],
        [
          'rival',
          '{How sweet|How very brave|You have been talking to [mentor]}. I wonder if you’ll still think so in a week.',
        ],
      ],
      [
        ['rival', 'Sit. Please. I don’t bite, whatever [mentor] told you.'],
        ['hero', 'What do you want?'],
        ['rival', 'The same thing you do. To [goal]. We only disagree about the price.'],
        ['hero', 'You don’t care about that.'],
        ['rival', 'I care about [theme] more than you will ever know. That is why I win.'],
      ],
    ],
    event: [
      [
        '[^hero] walked out. Nobody stopped [hero.him], and that was worse than if they had.',
        'Outside, [ally] was waiting with a face the colour of ashes.',
        '“{You met [rival.him]|You talked to [rival.him]},” [ally] said. It was not a question, and [hero] did not ask how [ally] knew the name.',
      ],
      [
        '[^rival] let [hero] leave with [prize], which meant only one thing: [rival.he] knew exactly where to find it again.',
        'On the way out [hero] passed [extra], who would not meet [hero.his] eyes.',
      ],
    ],
    hook: [
      'Behind [hero], [rival] [action] and smiled.',
      'Three days later, [rival] made [rival.his] first move.',
      'For the rest of the night, [hero] could not stop hearing [rival]’s voice saying [hero.his] name.',
    ],
  },

  midpoint: {
    titles: ['The Truth About [prize:the]', 'What Lies Beneath', 'Revelation', 'Halfway', 'The Real [threat:bare]'],
    summary: [
      'At [here], [hero] learns the truth: [prize] is the key to [threat], and [rival] has known it all along.',
      'A revelation at [here] turns the journey inside out.',
    ],
    memory: ['what they learned at [here]', 'the truth about [prize]', 'the revelation'],
    setup: [
      [
        '[^clue] led them to [here], and [here] led them to [mentor].',
        '[^mentor] had come a long way to meet them, which meant the news was bad.',
      ],
      ['At [here], [hero] finally put [clue] and [prize] side by side.', 'They fit together. Of course they did.'],
    ],
    talk: [
      [
        ['mentor', 'I should have told you before you left.'],
        ['hero', 'Told me what?'],
        ['mentor', 'That [prize:the] is not a treasure. It is a key. And [threat] is the door.'],
        ['ally', 'And [rival]?'],
        ['mentor', '[^rival] has been looking for that key for twenty years.'],
        ['hero', 'Then why let me keep it?'],
        [
          'mentor',
          'Because a key is no use until someone has found the lock. You have been leading [rival.him] to it.',
        ],
      ],
      [
        ['hero', 'It was never about [prize:the]. It was about [threat].'],
        ['ally', 'Are you sure?'],
        ['hero', 'Look at it. Look at [clue]. Somebody wanted this found, by somebody exactly like me.'],
        ['ally', 'Then somebody has been planning this for a very long time.'],
        ['hero', 'Since before I was [hero.role]. Maybe since before I was born.'],
      ],
    ],
    event: [
      [
        'Everything [hero] had believed about the journey rearranged itself, the way a room changes when you light a lamp.',
        'Every step had been a step toward [rival].',
        '[^hero] felt sick, and then, strangely, calm. If it was a trap, at least now [hero.he] could see its edges.',
      ],
      [
        'The truth was worse than any story [extra] had ever told.',
        'If [rival] opened [threat], then [stakes:past]; and [prize] was the only thing that could open it.',
        '[^hero] understood that the safest thing to do with [prize] was to destroy it, and that [hero.he] did not know how.',
      ],
    ],
    hook: [
      'From that moment on, the journey had a new direction: not away from [rival], but toward [rival.him].',
      'That night, [ally] was gone for an hour and came back without saying where.',
      'Halfway, [hero] thought. Halfway, and everything had already changed.',
    ],
  },

  tightening: {
    titles: ['The Net Closes', 'Pursuit', 'No Safe Place', 'Burning Bridges', '[here] Falls'],
    summary: [
      '[^rival] strikes back: [here] is no longer safe, and [hero] pays for every step.',
      'Hunted across [here], [hero] and [ally] lose ground and allies.',
    ],
    memory: ['the chase through [here]', 'what [rival] did at [here]', 'the worst week of the journey'],
    setup: [
      [
        'After that, everything went wrong a little at a time, which was worse than all at once.',
        'A door that should have been open was locked. A friend of [ally]’s did not come. [^extra] suddenly remembered urgent business elsewhere.',
      ],
      [
        '[^here] was full of [rival]’s people, and [hero] began to see them everywhere, even where they were not.',
        '[^sound:cap], and [hero] flinched.',
      ],
    ],
    talk: [
      [
        ['ally', 'They were waiting for us. They knew.'],
        ['hero', 'How could they know?'],
        ['ally', 'I don’t know.'],
        ['hero', 'You always know.'],
        ['ally', 'Not this time. Move. {Now|Go|Run}!'],
      ],
      [
        ['hero', 'We can’t keep running.'],
        ['ally', 'We can keep running for exactly as long as we have legs.'],
        ['hero', 'That’s not a plan.'],
        ['ally', 'It’s a very old plan. It’s worked for a long time.'],
      ],
    ],
    event: [
      [
        'They ran. [^hero] lost [keepsake:the] somewhere in the first hundred yards and did not realise until much later.',
        '[^sound:cap]. [^sight:cap]. Somebody screamed, and it was not either of them.',
        'When they finally stopped, in a {ditch|doorway|ruin} at the edge of [here], they were alive, and that was all they were.',
      ],
      [
        '[^rival]’s people took [here] the way water takes a field: quietly and completely.',
        'Those who had helped [hero] paid for it. [^hero] heard about [extra] the next day and sat very still for a long time.',
      ],
    ],
    hook: [
      'The worst of it was not the danger. It was the feeling that [rival] always knew exactly where they were.',
      '[^hero] began, for the first time, to wonder how.',
      'By morning there was only one road left, and [rival] was standing at the end of it.',
    ],
  },

  betrayal: {
    titles: [
      'What [ally] Did',
      'The Secret',
      'Broken {Faith|Trust|Things}',
      'Forty Pieces of Silver',
      'The Other Side',
    ],
    summary: [
      'The truth comes out: [ally] [secret], and [hero] must decide what that means.',
      '[^hero] discovers that [ally] [secret], and the friendship breaks.',
    ],
    memory: ['the night [ally]’s secret came out', 'the quarrel with [ally]', 'what [ally] had done'],
    setup: [
      [
        'It was [extra] who told [hero], in the end, for a price and with some pleasure.',
        '[^hero] did not believe it. Then [hero.he] remembered every story of [ally]’s that had ended ten years ago, and believed it.',
      ],
      [
        '[^hero] found the proof in [ally]’s things, which [hero.he] should not have been searching.',
        'It was {a letter|a token|a name} that tied [ally] to [rival], and it was very old.',
      ],
    ],
    talk: [
      [
        ['hero', 'Is it true? That you [secret:you]?'],
        ['ally', 'Who told you?'],
        ['hero', 'That isn’t a no.'],
        ['ally', 'It was a long time ago. I was somebody else.'],
        ['hero', 'Is that why you came? To make up for it? Or to finish it?'],
        ['ally', 'You know me.'],
        ['hero', 'I thought I did.'],
      ],
      [
        ['ally', 'I was going to tell you.'],
        ['hero', 'When? After [rival] had [prize:the]?'],
        ['ally', 'I never told [rival] anything. Not this time.'],
        ['hero', '“Not this time.” Do you hear yourself?'],
        ['ally', 'Every day.'],
      ],
    ],
    event: [
      [
        '[^hero] said things [hero.he] would regret, and [ally] let [hero.him] say them, which was almost worse.',
        'Then [ally] picked up [ally.his] things and walked out into [here], and did not look back.',
        '[^hero] told [hero.self] [hero.he] was glad. [^hero.he] was a poor liar, even alone.',
      ],
      [
        'There was nothing left to say. [^ally] said it anyway, quietly, and went.',
        '[^hero] sat with [prize] in [hero.his] lap and the whole weight of [threat] on [hero.his] shoulders, and for the first time since [home], [hero.he] was completely alone.',
      ],
    ],
    hook: [
      'Outside, it began to rain, or whatever passed for rain in [here].',
      'The worst part was that [hero] still trusted [ally]. [^hero.he] simply could not afford to.',
      '[^rival] would know by morning. [^rival] always knew.',
    ],
  },

  lowest: {
    titles: ['All Is Lost', 'The Darkest Hour', '[^hero] Alone', 'Ashes', 'What Remains'],
    summary: [
      '[^rival] takes [prize], and [hero], alone and beaten, remembers what [mentor] said.',
      'Everything falls apart: [hero] loses [prize] and nearly loses hope.',
    ],
    memory: ['the night everything was lost', 'the darkest hour', 'what [hero] lost at [here]'],
    setup: [
      [
        'They came for [prize] {at the worst possible moment|before dawn|while [hero] slept}, and this time there was no [ally] to stand guard.',
        '[^hero] fought. It did not matter.',
      ],
      [
        '[^here] was where the journey should have ended, and for a while [hero] believed it had.',
        '[^sight:cap]. [^smell:cap]. [^hero] did not notice any of it.',
      ],
    ],
    talk: [
      [
        ['rival', 'You did well. Better than anyone. It will not be forgotten.'],
        ['hero', 'You can’t do this.'],
        ['rival', 'I can. That is the whole difference between us.'],
      ],
      [
        ['mentor', 'Get up.'],
        ['hero', 'Why? It’s over. [^rival.he] has it.'],
        ['mentor', '[saying]'],
        ['hero', 'I’m tired of proverbs.'],
        ['mentor', 'Then here is plain talk. [^stakes:cap] if you stay on that floor. Get up.'],
      ],
    ],
    event: [
      [
        'When it was over, [prize] was gone, and so was [rival].',
        '[^hero] lay where [hero.he] had fallen and thought about [home], about [keepsake:the], about [ally], about every choice that had led here.',
        'It would have been easy to stay there. It would have been the easiest thing in the world.',
      ],
      [
        '[^hero] remembered [mentor]’s words, which made no more sense now than they had before.',
        'Then, slowly, they did.',
        'It was never about [prize:the]. It was about [theme]. And that was something [rival] could not take.',
      ],
    ],
    hook: [
      'Somewhere, very far off, [sound], and [hero] got to [hero.his] feet.',
      'In the grey light before dawn, someone knocked on the door. It was [ally].',
      '[^hero] stood up. It was the hardest thing [hero.he] had ever done, and the rest would be easier.',
    ],
  },

  rally: {
    titles: ['Return of [ally]', 'A New Plan', 'Together', 'One More Time', 'Mending'],
    summary: [
      '[^ally] comes back, and together with [mentor] they plan the impossible.',
      'Reconciled, [hero] and [ally] gather what help remains for one last attempt.',
    ],
    memory: ['the night [ally] came back', 'the plan', 'the reconciliation'],
    setup: [
      [
        '[^ally] stood in the doorway with [ally.his] hands where [hero] could see them.',
        '[^ally.he] looked as if [ally.he] had not slept either.',
      ],
      [
        'The plan, when they had it, was simple and mad, which [mentor] said was the only kind that ever worked against [rival].',
        'They made it at [here], around a table covered with scribbled notes, [clue] and cups of something gone cold.',
      ],
    ],
    talk: [
      [
        ['ally', 'I know where [rival] is taking it.'],
        ['hero', 'How?'],
        ['ally', 'Because I [secret]. I know how [rival.he] thinks. Let me use that for something good, for once.'],
        ['hero', 'Why should I trust you?'],
        ['ally', 'You shouldn’t. Do it anyway.'],
        ['hero', '… All right.'],
      ],
      [
        ['hero', 'It can’t work.'],
        ['mentor', 'Probably not.'],
        ['ally', 'Almost certainly not.'],
        ['hero', 'Then why are you both smiling?'],
        ['ally', 'Because it’s the first time in weeks you’ve said “can’t” instead of “won’t”.'],
      ],
    ],
    event: [
      [
        'They forgave each other the way people do in the middle of a war: quickly, and with the details left for later.',
        '[^ally] [action]. [^hero] [action]. It felt like the old days, which had only been a month ago.',
      ],
      [
        'Word went out, quietly, to everyone [rival] had wronged. It turned out to be a great many people.',
        '[^extra] came. So did [extra], to everyone’s surprise, and [extra], to nobody’s.',
      ],
    ],
    hook: [
      'At dawn they set out for [stronghold].',
      '“{Ready|All right|Well then}?” said [ally]. [^hero] was not. [^hero.he] went anyway.',
      'For the first time in a long while, [hero] felt something dangerously like hope.',
    ],
  },

  climax: {
    titles: ['[stronghold:bare]', 'The Last Stand', 'Showdown', 'The Door Opens', '[theme]'],
    summary: [
      'At [stronghold], [hero] confronts [rival] for the last time, with [threat] about to break loose.',
      'The final confrontation at [stronghold]: [hero] against [rival], and [prize] between them.',
    ],
    memory: ['the battle at [stronghold]', 'the last stand', 'what happened at [stronghold]'],
    setup: [
      [
        '[^stronghold] was exactly as [mentor] had described it, and worse.',
        '[^sight:cap]. [^sound:cap]. In the middle of it all stood [rival], with [prize] in [rival.his] hands.',
      ],
      [
        'They reached [stronghold] [time].',
        'Everything [hero] had learned since [home] came down to the next few minutes, and [hero.he] was surprised to find [hero.his] hands steady.',
      ],
    ],
    talk: [
      [
        ['rival', 'I hoped you’d come. I really did.'],
        ['hero', 'Put it down.'],
        ['rival', 'So that [threat] can take the rest of us more slowly? I am the only one willing to finish this.'],
        ['hero', 'You’re the only one who wants to.'],
        ['rival', 'Is there a difference, in the end?'],
        ['hero', 'Yes. It’s called [theme].'],
      ],
      [
        ['rival', 'You could have gone home. Nobody would have blamed you.'],
        ['hero', 'I would have.'],
        ['rival', 'Then you are more dangerous than I thought.'],
        ['hero', 'No. Just more stubborn.'],
      ],
    ],
    event: [
      [
        'What happened next happened fast.',
        '[^ally] [action]. [^rival] turned, and in that moment [hero] moved.',
        '[^hero.his] hands closed on [prize], and [rival]’s closed over them, and for a long breath they were locked together with [threat] howling around them.',
        'Then [hero] did the one thing [rival] had never imagined anyone would do: [hero.he] let go of wanting it.',
      ],
      [
        '[^threat:cap] broke loose for one terrible moment. [^sound:cap]; [sight]; the whole of [stronghold] shook.',
        '[^hero] remembered [mentor]’s words, and [keepsake:the], and the long road from [home].',
        'And then [hero.he] ended it the only way it could be ended, with [prize] and with [theme], and at a cost [hero.he] had already agreed to pay.',
      ],
    ],
    hook: [
      'When the silence came, it was enormous.',
      '[^rival] was gone. So was [prize]. [^hero] was still standing, which surprised everyone, [hero.self] most of all.',
      'It was over. [^hero] did not believe it for a long time.',
    ],
  },

  aftermath: {
    titles: ['After', 'The Cost', 'Counting', 'Morning at [stronghold]', 'What Was Saved'],
    summary: [
      'In the quiet after the battle, [hero] and [ally] count what was lost and what was saved.',
      'The danger passes, but not without a price, and [hero] learns what [rival] was.',
    ],
    memory: ['the morning after', 'the cost of victory', 'the long quiet afterwards'],
    setup: [
      [
        'Morning came to [stronghold] as if nothing had happened.',
        '[^sight:cap]. [^smell:cap]. [^hero] sat on {a step|a fallen stone|the ground} and let the light find [hero.his] face.',
      ],
      [
        'There were a great many things to do afterwards, and [hero] did them, one by one, without thinking much about any of them.',
      ],
    ],
    talk: [
      [
        ['ally', 'You should sleep.'],
        ['hero', 'In a minute. Did we win?'],
        ['ally', 'I think so. It’s hard to tell with winning. It looks a lot like losing from close up.'],
        ['hero', 'Was [rival.he] wrong? About everything?'],
        ['ally', 'Not about everything. That’s what made [rival.him] dangerous.'],
      ],
      [
        ['extra', 'Is it true? Is [rival] really gone?'],
        ['hero', 'Yes.'],
        ['extra', 'And [threat]?'],
        ['hero', 'Finished. You can tell everyone. Tell them [ally] did it.'],
        ['ally', 'Don’t you dare.'],
      ],
    ],
    event: [
      [
        'They buried what needed burying and mended what could be mended.',
        'It turned out that they had been much closer to the day when [stakes:past] than anyone knew; that it had not happened; and that not happening does not make a very good story.',
        '[^hero] found [hero.self] minding that less than [hero.he] would have expected.',
      ],
    ],
    hook: ['Then, at last, it was time to go home.', '[^hero] slept for two days, and dreamed of nothing at all.'],
  },

  homecoming: {
    titles: ['[^hero] Comes Home', 'The Return', 'Back to [home]', 'The Same Door', 'Beginnings'],
    summary: [
      '[^hero] returns to [home], changed, and finds that it has changed too.',
      'Home again, [hero] discovers that the journey has only begun.',
    ],
    memory: ['the return home', 'the homecoming'],
    setup: [
      [
        '[^home] looked exactly the same, which was how [hero] knew that [hero.he] had changed.',
        '[^extra] waved as if [hero] had been gone a day. [^sight:cap]. [^sound:cap].',
      ],
      [
        'They came back to [home] [time], the way you come back to a house you grew up in: carefully, as if it might not recognise you.',
      ],
    ],
    talk: [
      [
        ['ally', 'Well. What now?'],
        ['hero', 'I thought I’d stay a while.'],
        ['ally', 'You won’t.'],
        ['hero', 'No. But I thought I’d think about it.'],
        ['ally', 'Let me know when you’re done thinking. I’ll {pack|saddle up|be ready}.'],
      ],
      [
        ['mentor', 'You went after all.'],
        ['hero', 'You knew I would.'],
        ['mentor', 'I hoped. It isn’t the same.'],
        ['hero', 'Did I [goal]?'],
        ['mentor', 'You did better than that. You found out it wasn’t what you wanted.'],
      ],
    ],
    event: [
      [
        '[^hero] took up the old work again, and did it well, and it was no longer a cage.',
        'Sometimes people from [home] came to [hero.him] with their troubles, the way people once came to [mentor].',
        '[^hero.he] listened without interrupting, which was worse than any lecture.',
      ],
      [
        'On the first evening, [hero] [action], and then sat a long time in the doorway, watching the light go.',
        'It had cost [hero.him] [keepsake:the], a good deal of blood and most of [hero.his] certainties. In return [hero.he] had gained [ally], and [theme], and a story.',
        'It seemed, on balance, a fair trade.',
      ],
    ],
    hook: [
      'And if, some nights, [hero] still dreamed of [stronghold], [hero.he] woke from those dreams smiling.',
      'Somewhere beyond [home], the road was waiting. It could wait a little longer.',
      'It was, [hero] thought, a good place to begin.',
    ],
  },
};
