/**
 * The self-help book's principles: practical ideas about change that hold
 * whatever the reader wants (clarity, noticing, starting small, shaping
 * surroundings, routines, energy, focus, setbacks, self-talk, other people,
 * tracking, identity). Each opens with a story about someone from the
 * style's world, explains, names a trap, and ends in action steps,
 * questions for reflection and a one-line takeaway.
 *
 * Slots beyond the world's: `subject` (what the book is about, as a noun
 * phrase), `aim` (what the reader wants to do: "stop procrastinating"),
 * people `p`, `q`, `r`, places `here`, `there`, titles `title`, `next`.
 */

export type PrincipleStep =
  | 'clarity'
  | 'notice'
  | 'small'
  | 'surroundings'
  | 'routine'
  | 'energy'
  | 'focus'
  | 'setbacks'
  | 'selftalk'
  | 'people'
  | 'tracking'
  | 'identity';

export const PRINCIPLE_PLANS: Record<'2.0' | '3.0', readonly PrincipleStep[]> = {
  '2.0': ['clarity', 'notice', 'small', 'surroundings', 'routine', 'setbacks', 'people', 'identity'],
  '3.0': [
    'clarity',
    'notice',
    'small',
    'surroundings',
    'routine',
    'energy',
    'focus',
    'setbacks',
    'selftalk',
    'people',
    'tracking',
    'identity',
  ],
};

export interface PrincipleMaterial {
  titles: readonly string[];
  /** The principle in one or two sentences: the chapter's key point. */
  statements: readonly string[];
  /** A story about `p`, in the past tense. */
  anecdotes: readonly (readonly string[])[];
  headings: readonly string[];
  explain: readonly (readonly string[])[];
  traps: readonly (readonly string[])[];
  /** What the principle looks like in daily life. */
  practice: readonly (readonly string[])[];
  /** Questions readers ask about the principle, with answers. */
  faq: readonly (readonly [string, string])[];
  /** Things to do, in order. */
  steps: readonly string[];
  questions: readonly string[];
  takeaways: readonly string[];
  /** What the reader gets from this principle, for the front matter. */
  promise: string;
}

export const PRINCIPLES: Record<PrincipleStep, PrincipleMaterial> = {
  clarity: {
    titles: ['Know What You Really Want', 'Start With Why', 'Name the Real Goal'],
    statements: [
      'Before you change anything, get clear about what you want and why it matters to you.',
      'A goal you can describe in one sentence, with a reason you believe, is a goal you can act on.',
    ],
    anecdotes: [
      [
        'For a long time, [p.full], [p.role], said that [p.he] wanted to [p.aim].',
        'It was the kind of thing [p.he] said late at night at [here], half to [p.self], and nothing ever came of it.',
        'One evening [q] asked [p.him] a simple question: “What would be different if you did?”',
        '[^p] could not answer at once. It took [p.him] a week of thinking to find the real reason, and when [p.he] found it, it fitted in one sentence.',
        'That sentence, written on a scrap of paper and carried in [p.his] pocket, did more for [p.him] than years of wishing.',
      ],
      [
        '[^p.full] had tried to [p.aim] three times, and three times [p.he] had given up within a month.',
        'The fourth time, at [here], [p.he] did something different before starting: [p.he] wrote down exactly what [p.he] wanted, why, and what [p.he] would be willing to give up for it.',
        'The list was short and uncomfortable.',
        'It showed [p.him] that [p.he] had been chasing someone else’s idea of success, and that [p.his] own was smaller, plainer and much more within reach.',
      ],
    ],
    headings: ['Why clarity comes first', 'From wish to goal', 'What you want, and why'],
    explain: [
      [
        'Vague goals produce vague effort.',
        '“I really should [my.aim]” is a wish, not a plan; it gives you nothing to do on a Tuesday morning.',
        'The first step in any change is to turn the wish into a clear statement of what you want, in your own words.',
      ],
      [
        'The reason matters as much as the goal.',
        'When things get hard, and they will, the goal alone is rarely enough to keep you going. The reason is.',
        'Ask yourself why you want to [aim], then ask why again, and keep asking until you reach something you genuinely care about.',
      ],
      [
        'A clear goal is specific enough that you would know if you had reached it.',
        'Compare “get better at this” with a sentence that describes what a good ordinary day would look like once you had.',
        'The second can be pictured, and what can be pictured can be planned.',
      ],
      [
        'It also helps to notice whose goal it is.',
        'Many of the goals we carry were handed to us by parents, colleagues or the people we compare ourselves with.',
        'There is nothing wrong with borrowing a goal, but you will only work hard for one you have made your own.',
      ],
      [
        'Finally, be honest about the cost.',
        'Every real change takes time, attention and some comfort away from something else.',
        'Naming the price in advance does not make it smaller, but it stops it ambushing you later.',
      ],
    ],
    practice: [
      [
        'In practice, clarity often looks disappointingly plain.',
        'Someone who wants to [their.aim] might end up with a sentence like “I want to spend my first working hour on the thing that matters, because I am tired of ending each week ashamed.”',
        'It is not poetic. It is usable, and that is the test.',
      ],
      [
        'Clarity also shows up in what you stop doing.',
        'Once you know what you want, some old efforts turn out to serve nothing in particular, and you can drop them without guilt.',
        'That freed-up time is often the first real resource your new goal receives.',
      ],
      [
        'A good check is to explain your goal to someone in under a minute.',
        'If you find yourself hedging, listing exceptions or changing the subject, the goal is not clear yet.',
        'Go back to the page and try again; it usually takes three or four drafts.',
      ],
    ],
    traps: [
      [
        'The trap here is mistaking enthusiasm for clarity.',
        'A burst of excitement feels like a clear goal, but it fades within days, and if there is no clear statement underneath, nothing is left when it goes.',
        'Write the goal down while the enthusiasm lasts, so that something remains when it has gone.',
      ],
      [
        'Watch out for goals that are really comparisons.',
        '“Be as good as [q]” depends on [q], not on you, and it moves every time [q] does.',
        'A goal worth having is one you could reach even if nobody else were watching.',
      ],
    ],
    faq: [
      [
        'What if I don’t know what I want?',
        'Then start with what you don’t want, which is usually easier to name, and turn each item round. “I don’t want another year of putting this off” becomes “I want steady progress this year.” The clear goal often hides inside the complaint.',
      ],
      [
        'Should my goal be ambitious?',
        'Ambitious enough to matter to you, modest enough to begin this week. You can raise it later; a goal that frightens you into doing nothing has already failed.',
      ],
    ],
    steps: [
      'Write one sentence that begins “I want to …” and ends with something you could see or do.',
      'Under it, write why. Then ask “why does that matter?” three more times, writing each answer down.',
      'Describe an ordinary day, six months from now, when this is going well: where you are, what you do, how it feels.',
      'List what you are willing to give up to get there: an hour of the evening, a habit, some comfort.',
      'Cross out any part of the goal that exists mainly to impress someone else.',
      'Put the final sentence where you will see it every day.',
    ],
    questions: [
      'What would be different in your life if you managed to [aim]?',
      'Whose voice do you hear when you think about this goal: yours, or someone else’s?',
      'What have you already tried, and what did it teach you about what you really want?',
      'What are you not willing to give up, and does your goal respect that?',
      'How will you know, on an ordinary day, that things are going well?',
    ],
    takeaways: [
      'Know what you want, know why, and write both down.',
      'A clear “why” will carry you further than any amount of willpower.',
    ],
    promise: 'A clear, written statement of what you want from [subject], and a reason that will hold on hard days',
  },

  notice: {
    titles: ['Notice Before You Change', 'Watch the Pattern', 'See What Actually Happens'],
    statements: [
      'You cannot change a pattern you have not seen. Watch first, judge later.',
      'Honest observation of what you actually do is the most underrated tool for change.',
    ],
    anecdotes: [
      [
        '[^p.full], [p.role], was sure [p.he] knew why [p.he] could not [p.aim]: not enough time.',
        '[^q] suggested an experiment. For one week, [p] would simply write down, at [here] and everywhere else, what [p.he] was doing whenever [p.he] meant to start and didn’t.',
        'By the third day the notebook told a different story.',
        'Time was not the problem. The problem came at the same hour every day, and it had a shape [p] could finally see.',
      ],
      [
        'Nobody would have called [p.full] careless.',
        'But when [p.he] started keeping a simple log of the moments [p.he] slipped, [p.he] found they clustered: after long days, after arguments, after one particular kind of visit to [here].',
        '“I thought it was random,” [p.he] told [q]. “It isn’t random at all.”',
        'Seeing the pattern did not fix it. It did tell [p.him], for the first time, where to push.',
      ],
    ],
    headings: ['Why watching comes first', 'Becoming your own observer', 'What the record shows'],
    explain: [
      [
        'Most of what we do, we do without deciding.',
        'Habits run on cues (a time, a place, a feeling, a person) and they run quickly, long before we notice that a choice was made.',
        'That is why good intentions so often fail: they are aimed at the decision, and the decision has already happened.',
      ],
      [
        'The remedy is to become an observer of yourself for a while.',
        'Not a judge: an observer. You are collecting information, not evidence for the prosecution.',
        'Write down what happened, where, when, with whom, and how you felt just before. Keep it short and keep it honest.',
      ],
      [
        'After a week, read the record as if it belonged to someone else.',
        'Look for repetition: the same hour, the same place, the same mood.',
        'Patterns that are invisible from inside a single day become obvious across seven.',
      ],
      [
        'Notice the good moments too.',
        'When did it go well, even slightly? What was different about those times?',
        'The exceptions often hold the answer, because they show that the change you want is already possible under some conditions.',
      ],
      [
        'Observation also takes some of the heat out of things.',
        'A slip you have written down calmly, as data, is harder to turn into a story about what a hopeless person you are.',
        'That calm is not a side effect; it is part of the method.',
      ],
    ],
    practice: [
      [
        'In practice, a week of noticing might produce a log that looks almost boring: the same time of day, the same excuse, the same place.',
        'That boredom is good news.',
        'A predictable pattern is one you can plan around.',
      ],
      [
        'Noticing can be done in seconds.',
        'A tick in a notebook each time you drift, with one word for what was happening, is enough.',
        'The point is not a detailed diary but a record honest enough to surprise you.',
      ],
      [
        'Some people find it helps to notice aloud: “I’m about to put this off again.”',
        'Naming the moment does not stop it at first.',
        'But it slows it down, and a slower pattern is easier to interrupt.',
      ],
    ],
    traps: [
      [
        'The trap is turning observation into self-criticism.',
        'If every entry in your log comes with a verdict (“useless again”), you will soon stop writing it, and you will lose the information just when it was getting useful.',
        'Record, do not sentence.',
      ],
      [
        'Another trap is trying to fix things while you are still watching.',
        'Change one thing too early and you will never know what the pattern was.',
        'Give yourself a week of plain noticing before you try any solution.',
      ],
    ],
    faq: [
      [
        'How long should I keep the log?',
        'A week is usually enough to see the main pattern. Some people keep a lighter version going for longer, because patterns shift, and because the habit of noticing is useful in its own right.',
      ],
      [
        'What if I forget to write things down?',
        'Then write down what you remember at the end of the day. An imperfect log is far more useful than none, and the forgetting is itself a small piece of information.',
      ],
    ],
    steps: [
      'Carry a small notebook, or a note on your phone, for seven days.',
      'Each time you meant to [aim] and didn’t, or did, write one line: time, place, who was there, how you felt.',
      'Do not try to change anything yet. Just record.',
      'At the end of the week, read the whole log in one sitting.',
      'Circle anything that appears three times or more.',
      'Write one sentence describing the pattern, as plainly as you would describe the weather.',
    ],
    questions: [
      'When, in a typical day, do you most often drift away from what you want?',
      'What were you feeling just before the last time it went wrong?',
      'When did it go well, even briefly, and what was different then?',
      'What story do you usually tell yourself about why this is hard? Does your log agree?',
      'Who, or what, tends to be around when things slip?',
    ],
    takeaways: ['Watch first: the pattern you can see is the pattern you can change.', 'Record, do not sentence.'],
    promise: 'A plain picture of the patterns that help or hinder you, drawn from a week of honest noticing',
  },

  small: {
    titles: ['Start Smaller Than You Think', 'The Power of the First Step', 'Make It Easy to Begin'],
    statements: [
      'Start with a step so small you cannot fail to take it, and take it every day.',
      'The size of the first step matters far less than the fact that you take it again tomorrow.',
    ],
    anecdotes: [
      [
        '[^p.full], [p.role], made grand plans.',
        'Every new season at [here] began with a list of everything [p.he] would do to [p.aim], and every list was abandoned by the second week.',
        '[^q] laughed when [p.he] heard the newest plan. “Do one thing,” [q.he] said. “The smallest one. Every day. Nothing else.”',
        'It felt ridiculous. It was also the first plan [p] ever kept for a whole month.',
      ],
      [
        'When [p.full] finally decided to [p.aim], [p.he] did not start with an hour a day.',
        '[^p.he] started with two minutes, at the same moment each morning at [here], straight after [p.he] [action].',
        'Some days the two minutes turned into twenty. Some days they stayed two.',
        'Either way, the chain was unbroken, and after a few weeks the question was no longer whether [p.he] would do it but how much.',
      ],
    ],
    headings: ['Why small works', 'Lowering the bar', 'Momentum'],
    explain: [
      [
        'Big goals tempt us into big first steps, and big first steps are easy to postpone.',
        'When the task in front of you feels heavy, your mind finds a hundred reasons to start tomorrow.',
        'A tiny task offers no such escape: there is no good reason not to do two minutes.',
      ],
      [
        'Small steps also change what you practise.',
        'Doing a little every day trains the habit of showing up, which matters more at first than the amount you do.',
        'Once showing up is automatic, you can make the step bigger. The other way round rarely works.',
      ],
      [
        'Make the first step so easy that it feels almost silly: open the book, put on the shoes, write one sentence, make the one call.',
        'The aim is not to achieve much today. It is to make starting cheap.',
      ],
      [
        'Momentum is real.',
        'Once you have started, continuing is easier than starting was, and you will often do more than you planned.',
        'But count the tiny version as a success even on days when you do nothing more. Those are the days that keep the chain alive.',
      ],
      [
        'Grow the step slowly and only when it has become boring.',
        'Boredom is a sign the habit has settled; that is the moment to add a little.',
        'Growing too fast brings back the heaviness that stopped you in the first place.',
      ],
    ],
    practice: [
      [
        'In practice, a small step for someone who wants to [their.aim] might be opening the file, laying out the tools or writing a single line, and then being allowed to stop.',
        'The permission to stop is what makes the step small enough to take on a bad day.',
      ],
      [
        'Small steps work best when they are fixed rather than flexible.',
        '“Two minutes after breakfast” beats “a little something at some point”.',
        'The more precise the step, the less there is to negotiate with yourself about.',
      ],
      [
        'Keep a visible record of the small steps.',
        'A line of crosses on a calendar turns an unimpressive action into an impressive chain, and the chain becomes its own reason to continue.',
      ],
    ],
    traps: [
      [
        'The trap is despising small steps.',
        'They can feel beneath you, too little to matter, and so you skip them in favour of the big effort you will make “properly” some other day.',
        'That other day is where good intentions go to wait.',
      ],
      [
        'Beware, too, of starting small and then doubling the step after one good week.',
        'Enthusiasm says you are ready; the habit says otherwise.',
        'Let the small step become dull before you make it bigger.',
      ],
    ],
    faq: [
      [
        'Isn’t two minutes too little to make any difference?',
        'Two minutes makes little difference to the work. It makes a great deal of difference to the habit, and the habit is what will eventually carry the work.',
      ],
      [
        'What if I want to do more?',
        'Then do more, on that day. Just do not raise the minimum until the small version has become automatic.',
      ],
    ],
    steps: [
      'Choose the smallest possible action that moves you towards your goal to [aim]. Make it take under two minutes.',
      'Attach it to something you already do every day, such as after your morning drink, or when you get home.',
      'Do it every day for two weeks, and count it as done even if you do nothing more.',
      'Mark each day on a calendar. Look at the chain, and try not to break it.',
      'When the step has become boring, add a little, and only a little.',
      'If you miss a day, make the next day’s step even smaller, not bigger.',
    ],
    questions: [
      'What is the smallest version of the change you want that you could do today?',
      'Which everyday moment could you attach it to?',
      'Where in the past have you started too big? What happened?',
      'How would it feel to have done a small thing every day for a month?',
      'What would make the first step even easier than it is?',
    ],
    takeaways: ['Make starting so easy that not starting would be silly.', 'Small and daily beats big and someday.'],
    promise: 'A first step small enough to take today, and a way to grow it without losing it',
  },

  surroundings: {
    titles: ['Shape Your Surroundings', 'Design the Room, Not Just the Will', 'Make the Right Thing the Easy Thing'],
    statements: [
      'Arrange your surroundings so that the right choice is the easy one and the wrong choice takes effort.',
      'Willpower is unreliable; a well-arranged room works every day.',
    ],
    anecdotes: [
      [
        '[^p.full], [p.role], blamed [p.his] willpower for everything.',
        'Then [q] visited [p.him] at [here] and pointed out that everything [p.he] wanted to avoid was within arm’s reach, and everything [p.he] needed for the change [p.he] wanted was in a box under the bed.',
        'They spent an afternoon moving things.',
        'Nothing about [p]’s character changed that day. [^p.his] evenings changed a great deal.',
      ],
      [
        'At [here], [p.full] noticed that [p.he] always did better on the days [p.he] worked away from home.',
        'It was not that [p.he] was a better person there; it was that the distractions were somewhere else.',
        'So [p.he] set aside one corner, with only what [p.he] needed in it, and made a rule that the corner was for one thing only.',
        'Within a month, simply sitting there was enough to get [p.him] started.',
      ],
    ],
    headings: ['Why surroundings beat willpower', 'Friction', 'Cues'],
    explain: [
      [
        'We like to think our choices come from inside us.',
        'Many of them come from what is in front of us: what is visible, what is within reach, what is easy.',
        'If you want to change what you do, change what is in front of you.',
      ],
      [
        'Think in terms of friction.',
        'Every extra step between you and an action makes that action a little less likely.',
        'Add friction to what you want to do less of (put it away, make it take longer) and remove friction from what you want to do more of.',
      ],
      [
        'Surroundings also give cues.',
        'A place, an object or a time of day can remind you of a habit and set it going before you have thought about it.',
        'Make the cues for the habit you want obvious, and hide the cues for the ones you do not.',
      ],
      [
        'Places can be given jobs.',
        'If one chair, one table or one corner is used only for the change you are making, your mind will start to associate it with that work.',
        'Sitting down there becomes half the effort.',
      ],
      [
        'None of this is cheating.',
        'People who seem to have iron self-control are often people whose surroundings ask very little of their self-control.',
        'Arranging things well is not a substitute for effort; it is effort spent once instead of every day.',
      ],
    ],
    practice: [
      [
        'In practice, shaping your surroundings can be as simple as moving one object.',
        'The thing that distracts you goes in a drawer in another room; the thing you need goes on the table, open, ready.',
        'It takes five minutes and works every day after.',
      ],
      [
        'Digital surroundings count too.',
        'What is on the first screen you see, which alerts can reach you, which doors are open by default: all of these are arrangements, and all of them can be changed.',
      ],
      [
        'If you share your space, make the arrangement a shared one.',
        'Tell the people you live or work with what you are trying to do and what would help.',
        'Most people are glad to leave a corner alone if they know why.',
      ],
    ],
    traps: [
      [
        'The trap is believing that needing help from your surroundings is a sign of weakness.',
        'It is not. It is how almost everyone manages almost everything.',
        'Pride in doing it the hard way is a reliable route to not doing it at all.',
      ],
      [
        'Watch out for rearranging as a way of avoiding the work.',
        'An afternoon spent setting up the perfect space can feel like progress while postponing the first step.',
        'Arrange things once, quickly, and then use them.',
      ],
    ],
    faq: [
      [
        'What if I can’t change my surroundings much?',
        'Change what you can, however little: one object, one screen, one chair. You can also borrow other surroundings, such as a library, a quiet café or a friend’s kitchen table.',
      ],
      [
        'Won’t I just get used to the new arrangement and ignore it?',
        'Partly, and that is fine: the arrangement has done its work if the habit is established by then. If it stops working, rearrange again.',
      ],
    ],
    steps: [
      'Walk through the places where your day happens and note what is within reach in each.',
      'Move one thing that pulls you away from your goal to somewhere that takes effort to get to.',
      'Put whatever the change needs where you will see it, ready to use.',
      'Choose one spot that will be used only for this, and use it for nothing else.',
      'Set a visible cue, such as an object left out or a note on the door, for the moment you want to start.',
      'After a week, ask what still gets in the way, and move that too.',
    ],
    questions: [
      'What in your surroundings makes the change you want harder than it needs to be?',
      'What is the first thing you see when you come home, and what does it invite you to do?',
      'Where do you already find it easy to do the right thing? What is different about that place?',
      'Which single object, moved, would make the biggest difference?',
      'Who shares your space, and how could you ask for their help?',
    ],
    takeaways: [
      'Make the right thing easy and the wrong thing awkward.',
      'Arrange the room once, instead of fighting it every day.',
    ],
    promise: 'Surroundings arranged so that the change you want becomes the easy choice',
  },

  routine: {
    titles: ['Build a Routine That Runs Itself', 'Same Time, Same Place', 'Let Habit Do the Heavy Lifting'],
    statements: [
      'Tie the change you want to a fixed time and place until it happens without a decision.',
      'Decisions are tiring; routines are restful. Turn the choice into a habit.',
    ],
    anecdotes: [
      [
        '[^p.full], [p.role], used to decide every day whether today would be the day [p.he] made progress.',
        'Most days, [p.he] decided not.',
        'Then, at [here], [p.he] noticed that [q] never decided anything of the kind: [q.he] simply did the same thing at the same time every day, the way other people brushed their teeth.',
        '[^p] copied [q.him]. The first weeks were awkward. After that, the question stopped coming up at all.',
      ],
      [
        'For [p.full], the breakthrough came from a very small rule: after [p.he] [action], [p.he] would spend ten minutes on what mattered.',
        'Not before, not instead, but straight after.',
        'The old habit became a doorway into the new one.',
        'Months later, [p] could not remember the last time [p.he] had had to talk [p.self] into starting.',
      ],
    ],
    headings: ['Why routines work', 'Anchors', 'From effort to habit'],
    explain: [
      [
        'Every decision costs a little effort, and we only have so much in a day.',
        'If the change you want requires a fresh decision every time, it will lose to tiredness on the days you need it most.',
        'A routine removes the decision: the time comes, and you do the thing.',
      ],
      [
        'The easiest way to build a routine is to anchor it to one you already have.',
        'Pick a habit that happens every day without fail (waking, eating, arriving home) and attach the new one directly after it.',
        '“After I do this, I do that” is a simple sentence and a strong plan.',
      ],
      [
        'Keep the time and place the same for as long as you can.',
        'Consistency is what turns an action into a habit.',
        'Varying it too early means every day is a new decision again.',
      ],
      [
        'Expect the first weeks to feel effortful.',
        'Routines become automatic gradually, not overnight, and the awkward period is not a sign that it is failing.',
        'It is the price of never having to decide again.',
      ],
      [
        'Give the routine a clear end as well as a beginning.',
        'Knowing that you will stop after twenty minutes, or after one page, makes starting easier and keeps the habit from becoming a burden you begin to dread.',
      ],
    ],
    practice: [
      [
        'In practice, a routine for someone who wants to [their.aim] might be one sentence long: “After I finish my morning drink, I work on it for fifteen minutes at the kitchen table.”',
        'Nothing more elaborate is needed to begin.',
      ],
      [
        'Routines survive disruption when they have a minimum version.',
        'On a normal day, fifteen minutes; on a terrible day, one minute, at the same anchor.',
        'The minimum keeps the routine alive until normal days return.',
      ],
      [
        'Expect the routine to need adjusting after a few weeks.',
        'The anchor may turn out to be unreliable, or the time wrong.',
        'Change one thing, keep the rest, and give the new version a fair trial.',
      ],
    ],
    traps: [
      [
        'The trap is waiting to feel like it.',
        'Routines exist precisely for the days you do not feel like it; if you only follow them when you are in the mood, they are not routines, just moods.',
        'Do the small version even when the feeling is absent.',
      ],
      [
        'Another trap is the perfect routine.',
        'A schedule with ten new habits in it looks impressive and collapses within a week.',
        'Build one routine at a time, and let it settle before adding the next.',
      ],
    ],
    faq: [
      [
        'What if my days are too unpredictable for a fixed time?',
        'Anchor the routine to an event rather than a clock: after the first meal, after arriving home, before bed. Events happen even on unpredictable days.',
      ],
      [
        'How long until it feels automatic?',
        'It varies a great deal between people and habits. Expect weeks rather than days, and judge progress by how often you still have to decide, not by the calendar.',
      ],
    ],
    steps: [
      'Choose one existing daily habit to act as your anchor.',
      'Write the sentence: “After I (the old habit), I will (the new action) for (so many) minutes.”',
      'Keep the new action short enough that you would do it even on a bad day.',
      'Do it at the same time and in the same place for at least three weeks.',
      'Decide in advance what the routine looks like on a bad day: the minimum that still counts.',
      'Review after three weeks: keep what works, adjust what doesn’t, change one thing at a time.',
    ],
    questions: [
      'Which of your daily habits is so reliable that you never have to think about it?',
      'What time of day do you have the most energy, and is that time free?',
      'What would your routine look like on your worst day of the week?',
      'How do you usually react when you miss a day, and is that reaction helping?',
      'Which routine, if it ran itself, would make the biggest difference to you?',
    ],
    takeaways: [
      'Anchor the new habit to an old one, and stop deciding.',
      'Same time, same place, until it runs itself.',
    ],
    promise: 'A routine anchored to your day, so that progress stops depending on how you feel',
  },

  energy: {
    titles: ['Mind Your Energy, Not Just Your Time', 'Rest Is Part of the Work', 'Work With Your Rhythms'],
    statements: [
      'Plan around your energy as well as your hours: do the hard things when you are strongest, and rest on purpose.',
      'An hour when you are fresh is worth several when you are spent.',
    ],
    anecdotes: [
      [
        '[^p.full], [p.role], had arranged [p.his] days so that the thing [p.he] cared about most came last, after everything else at [here].',
        'By then [p.he] had nothing left.',
        '[^q] suggested swapping the order, just for a week.',
        'The same task that had felt impossible at night took half the time in the morning, and [p] stopped believing [p.he] was bad at it. [^p.he] had only been tired.',
      ],
      [
        'When [p.full] tried to [p.aim], [p.he] worked through every evening without a break, and after a fortnight [p.he] was worse at it than when [p.he] started.',
        'It was [q], [q.role], who made [p.him] take one evening off a week and go for a walk past [there] instead.',
        'The rest felt like losing ground. It turned out to be the opposite.',
      ],
    ],
    headings: ['Energy is not time', 'Finding your best hours', 'Rest on purpose'],
    explain: [
      [
        'Most advice about change talks about time: find an hour, make a schedule.',
        'But an hour is not a fixed quantity of anything. The same hour can be productive or useless depending on how much energy you bring to it.',
        'Planning only for time ignores half of the problem.',
      ],
      [
        'Everyone has better and worse parts of the day.',
        'Some people are sharp in the morning and dull by evening; others the reverse.',
        'Spend a week noticing when you feel clear and when you feel flat, and give your most important work to your best hours.',
      ],
      [
        'Rest is part of the work, not a break from it.',
        'Skills and habits settle while you are not practising them, and tired effort builds frustration more than progress.',
        'Plan your rest the way you plan your work, rather than waiting until you collapse.',
      ],
      [
        'Energy is also emotional.',
        'Some tasks and some people drain you; others restore you.',
        'If you must do a draining thing, do not put it right before the change you are trying to make.',
      ],
      [
        'Look after the basics.',
        'Sleep, food, movement and daylight are not glamorous, but they set the ceiling on everything else.',
        'When progress stalls for no obvious reason, check them first.',
      ],
    ],
    practice: [
      [
        'In practice, minding your energy might mean doing the hardest part of your effort to [aim] first thing, before messages and errands have had their share of you.',
        'It might also mean accepting that late evenings are for easy tasks only.',
      ],
      [
        'Short breaks help more than long pushes.',
        'Working in bursts with a few minutes of movement or quiet in between keeps your attention fresher than grinding on.',
      ],
      [
        'Watch the week as well as the day.',
        'Most people have heavier and lighter days; plan the demanding work for the lighter ones, and give the heavier days only the minimum.',
      ],
    ],
    traps: [
      [
        'The trap is treating exhaustion as proof of commitment.',
        'Working until you drop feels serious, but it usually means the next day is wasted, and the habit becomes associated with misery.',
        'Stop while you still have a little left.',
      ],
      [
        'Watch out for giving your best hours to whatever shouts loudest.',
        'Urgent small tasks will happily eat your clearest time if you let them.',
        'Protect one good hour for what matters, and let the small things have the rest.',
      ],
    ],
    faq: [
      [
        'What if my best hour is taken up by work or family?',
        'Use the best hour you actually have. A second-best hour used regularly beats an ideal one that never arrives.',
      ],
      [
        'Isn’t rest just an excuse to do less?',
        'Rest that is planned and bounded is part of the work. Rest that quietly replaces the work is a different thing, and the difference is usually obvious to the person taking it.',
      ],
    ],
    steps: [
      'For one week, rate your energy from one to five at four points in the day.',
      'Identify your best hour, the one most often rated four or five.',
      'Move the most important part of your effort to [aim] into that hour, even if only for part of it.',
      'Schedule one real rest each week: something that restores you, planned in advance.',
      'Notice which activities drain you, and keep them away from your best hour.',
      'Stop each session while you still have some energy left, so you look forward to the next one.',
    ],
    questions: [
      'At what time of day do you feel most awake and able?',
      'What do you currently spend that time on?',
      'What genuinely restores you, as opposed to merely distracting you?',
      'Which people or tasks leave you drained, and when do they usually happen?',
      'How would your week change if you protected one good hour a day?',
    ],
    takeaways: [
      'Give your best hours to what matters most, and rest on purpose.',
      'Tired effort is expensive; fresh effort is cheap.',
    ],
    promise: 'A week planned around your energy, with your best hours kept for what matters',
  },

  focus: {
    titles: ['Protect Your Focus', 'Learn to Say No', 'One Thing at a Time'],
    statements: [
      'Every yes to something minor is a no to something that matters. Guard your attention.',
      'You can do almost anything, but not everything at once: choose, and say no to the rest.',
    ],
    anecdotes: [
      [
        '[^p.full], [p.role], was the person everyone at [here] asked for help, and [p.he] never said no.',
        'By the end of each day [p.he] had done a dozen favours and nothing [p.he] had meant to do.',
        'The first time [p.he] told [q] “not this week”, [p.his] heart was pounding.',
        '[^q] simply nodded, and asked someone else. The world did not end. [^p]’s week, for once, belonged to [p.him].',
      ],
      [
        '[^p.full] had six projects on the go and was moving forward on none.',
        'One evening at [here] [p.he] wrote them all down and asked a hard question: if only one of these could happen this season, which would it be?',
        'The answer was obvious once the question had been asked.',
        '[^p] put the other five on a list called “later”, and for the first time in a year, something got finished.',
      ],
    ],
    headings: ['Attention is limited', 'The cost of switching', 'Saying no'],
    explain: [
      [
        'Attention is the raw material of every change you want to make, and it is limited.',
        'Whatever takes it (messages, favours, worries, small tasks) takes it from something else.',
        'Protecting your focus is not selfishness; it is how anything worthwhile gets done.',
      ],
      [
        'Switching between tasks has a cost.',
        'Each time you move from one thing to another, it takes a while to settle into the new one, and a trace of the old one lingers.',
        'A morning broken into ten pieces produces much less than the same morning spent on one.',
      ],
      [
        'Saying no is a skill, and like any skill it gets easier with practice.',
        'Start with small refusals, kindly put: “not this week”, “I can’t take that on, but I can suggest someone”.',
        'Most people accept a clear no far more easily than we fear.',
      ],
      [
        'Choose fewer things.',
        'If you are trying to change six things at once, you are probably changing none of them.',
        'Pick the one that matters most for now, give it your best attention, and let the others wait their turn on a written list.',
      ],
      [
        'Make focus visible.',
        'Close the door, turn off what can be turned off, tell people when you will be available.',
        'A short period of protected attention each day is worth more than a whole day of interrupted effort.',
      ],
    ],
    practice: [
      [
        'In practice, protecting focus might mean one closed door, one silenced device and one sentence said to the people around you: “I’ll be free in half an hour.”',
        'It is simple, and it is surprisingly rare.',
      ],
      [
        'A “later” list is a powerful tool.',
        'When a new idea or request arrives during focused time, write it down and return to the task.',
        'The list reassures you that nothing is lost, so your attention can stay where it is.',
      ],
      [
        'Saying no gets easier with a script.',
        '“Thank you for thinking of me; I can’t take that on right now” is polite, clear and final, and it can be practised until it comes out naturally.',
      ],
    ],
    traps: [
      [
        'The trap is confusing busyness with progress.',
        'A full day can feel productive and leave the thing that matters untouched.',
        'At the end of each day ask not “was I busy?” but “did I move the one thing forward?”',
      ],
      [
        'Watch out for saying yes to avoid discomfort.',
        'The small awkwardness of refusing now is usually much smaller than the resentment of an overloaded week later.',
      ],
    ],
    faq: [
      [
        'What if saying no will upset people?',
        'Some people may be briefly disappointed. Most adjust quickly, especially when the no is kind and clear. The upset caused by a resentful yes tends to last longer.',
      ],
      [
        'What if everything feels important?',
        'Rank the tasks anyway. Ask which one, if done, would make the others easier or unnecessary, and start there.',
      ],
    ],
    steps: [
      'List everything currently competing for your attention.',
      'Circle the one thing that matters most for the next month: presumably, to [aim].',
      'Move two other commitments to a “later” list, and tell anyone affected.',
      'Choose a daily block of at least twenty minutes of protected time and defend it.',
      'Practise one kind, clear refusal this week.',
      'At the end of each day, write whether the one thing moved forward.',
    ],
    questions: [
      'What takes your attention most often without your choosing it?',
      'What would you stop doing if you were not worried about what others would think?',
      'When did you last spend an hour on one thing without interruption? How did it feel?',
      'Which commitment could you let go of this month?',
      'What makes saying no hard for you, and what would make it easier?',
    ],
    takeaways: [
      'Guard your attention: it is the one resource every change needs.',
      'Choose one thing, protect time for it, and say no to the rest for now.',
    ],
    promise: 'Protected time and a kinder, firmer way of saying no',
  },

  setbacks: {
    titles: ['Plan for Setbacks', 'Never Miss Twice', 'When It Goes Wrong'],
    statements: [
      'Setbacks are part of every change. Plan for them, and make the rule that you never miss twice.',
      'What matters is not whether you slip but how quickly you come back.',
    ],
    anecdotes: [
      [
        'Three weeks into trying to [p.aim], [p.full], [p.role], had a terrible day at [here], and everything fell apart.',
        'In the past, one bad day would have become a bad week, then a bad month, then a quiet decision that it had never been going to work anyway.',
        'This time [p.he] had a plan written in advance: after a bad day, do the smallest possible version tomorrow, no matter what.',
        '[^p.he] did. It was a tiny thing, and it was the whole difference.',
      ],
      [
        '[^p.full] liked to say [p.he] was not the sort of person who failed.',
        'So when [p.he] did fail, in front of [q] at [here], [p.he] took it very badly, and nearly gave up altogether.',
        '[^q] told [p.him] about [q.his] own setbacks, which were many, and about what [q.he] did the day after each one.',
        'It was the first time [p] understood that people who succeed are not people who do not fall, but people who have practised getting up.',
      ],
    ],
    headings: ['Why setbacks are normal', 'The day after', 'Planning in advance'],
    explain: [
      [
        'No change runs in a straight line.',
        'There will be days when nothing works, weeks when life gets in the way, and moments when the old habit wins.',
        'This is not a sign that you are failing. It is what change looks like from the inside.',
      ],
      [
        'The danger is not the slip itself but what comes after.',
        'One missed day is an accident; two begin a new pattern.',
        'A simple rule, never miss twice, turns every setback into a single interruption rather than the end of the attempt.',
      ],
      [
        'Plan for setbacks before they happen, while you are calm.',
        'Decide now what you will do after a bad day: the smallest acceptable step, the person you will tell, the thing you will not do (such as give up for the week).',
        'A plan made in advance is much easier to follow than one invented in the middle of disappointment.',
      ],
      [
        'Look at setbacks with curiosity, not shame.',
        'What happened just before? What made it harder than usual? Is it likely to happen again?',
        'Each setback carries information about what your plan did not account for.',
      ],
      [
        'Finally, keep the long view.',
        'A month with three bad days is still a month of progress.',
        'Judge yourself by the direction of the line, not by its lowest point.',
      ],
    ],
    practice: [
      [
        'In practice, a setback plan fits on a card: “If I miss a day, tomorrow I do the two-minute version. If I miss two, I call my check-in friend.”',
        'Writing it down in advance is the whole trick; in the moment, you will not feel like inventing it.',
      ],
      [
        'After a setback, the most useful question is not “why am I like this?” but “what made today different?”',
        'The first question has no answer. The second usually does, and the answer improves the plan.',
      ],
      [
        'Some setbacks are signals that the plan is too ambitious.',
        'If the same slip happens again and again, shrink the step or change the time, rather than blaming yourself and trying harder at the same thing.',
      ],
    ],
    traps: [
      [
        'The trap is all-or-nothing thinking.',
        '“I’ve ruined it now” is almost never true, but it is a very convenient excuse to stop.',
        'You have not ruined anything; you have had a bad day. Tomorrow is a small step.',
      ],
      [
        'Beware of making up for a setback with a heroic effort.',
        'Doubling the next day’s work feels like justice but usually leads to exhaustion and a second setback.',
        'Come back at normal size, or smaller.',
      ],
    ],
    faq: [
      [
        'What if I have already given up several times?',
        'Then you have practice at starting again, which is more useful than it sounds. Look at what stopped you each time, and build the answer into this attempt.',
      ],
      [
        'How do I tell a setback from a sign to quit?',
        'A setback is a bad day or week inside a plan that otherwise works. A sign to change course is the same failure recurring whatever you adjust, and even then the answer is usually to change the plan, not the goal.',
      ],
    ],
    steps: [
      'Write down the three situations most likely to knock you off course.',
      'For each, write what you will do the next day: the smallest step that still counts.',
      'Adopt the rule “never miss twice”, and write it where you will see it.',
      'Choose one person you will tell when a setback happens, and tell them now that you might.',
      'After any setback, write two lines: what happened, and what you will change.',
      'Once a month, look back at the whole month, not at the worst day in it.',
    ],
    questions: [
      'How have you reacted to setbacks in the past, and where did it lead?',
      'What situations are most likely to knock you off course?',
      'What would you say to a friend who had just had a bad day at this? Can you say it to yourself?',
      'What is the smallest step that would still count as coming back?',
      'Which past setback taught you something useful?',
    ],
    takeaways: ['Never miss twice.', 'Plan for the bad day while you are having a good one.'],
    promise: 'A written plan for bad days, so that one slip never becomes the end of the attempt',
  },

  selftalk: {
    titles: ['Talk to Yourself Like a Friend', 'The Voice in Your Head', 'Kinder and Firmer'],
    statements: [
      'Speak to yourself as you would to a friend you believe in: honestly, kindly and with expectations.',
      'Harshness does not make change more likely; it makes hiding more likely.',
    ],
    anecdotes: [
      [
        '[^p.full], [p.role], had a running commentary in [p.his] head, and it was cruel.',
        'Every slip was proof of something terrible; every success was luck.',
        'One day at [here], [q] overheard [p.him] muttering at [p.self] and said, “You would never let anyone talk to me like that.”',
        '[^p] realised it was true, and began, awkwardly, to answer the voice back.',
      ],
      [
        'When [p.full] tried to [p.aim] and stumbled, [p.he] used to tell [p.self] that [p.he] was hopeless.',
        'It never once helped.',
        'So [p.he] tried an experiment: each time [p.he] slipped, [p.he] wrote down what [p.he] would say to [q] in the same position, and then said it to [p.self].',
        'The words were kinder, and, surprisingly, more useful: they always ended with a next step.',
      ],
    ],
    headings: ['The inner commentary', 'Why harshness backfires', 'A better voice'],
    explain: [
      [
        'Most of us keep up a running commentary on our own lives, and for many people it is harsher than anything they would say aloud to anyone else.',
        'That commentary matters, because it shapes what you try, how long you keep going and how you respond when things go wrong.',
      ],
      [
        'Harshness feels like high standards, but it rarely works as motivation.',
        'When every mistake brings a telling-off, the natural response is to avoid the situations where mistakes happen, which means avoiding the change itself.',
      ],
      [
        'The alternative is not endless praise.',
        'It is the voice of a good friend or a good coach: honest about what went wrong, confident that you can do better, and interested in what to do next.',
        'Kind and firm, at the same time.',
      ],
      [
        'You can practise this.',
        'When you notice a harsh thought, write it down, then write how you would say it to a friend you respected.',
        'Over time, the second version starts to arrive on its own.',
      ],
      [
        'Notice the words “always” and “never” in your self-talk.',
        '“I always mess this up” is almost never true, and it turns one event into a verdict on your whole character.',
        'Replace it with what actually happened: “I missed today.”',
      ],
    ],
    practice: [
      [
        'In practice, better self-talk sounds ordinary: “That didn’t go well. I was tired. Tomorrow I’ll do the short version first thing.”',
        'No insults, no speeches, and a next step at the end.',
      ],
      [
        'Some people find it helps to use their own name, or “you”, when talking to themselves about a setback.',
        'The small distance makes it easier to speak as a friend would.',
      ],
      [
        'Notice, too, the things you say to yourself before you begin.',
        '“This will be awful” makes starting harder; “I’ll just do ten minutes” makes it easier.',
        'The words you choose beforehand are part of the plan.',
      ],
    ],
    traps: [
      [
        'The trap is believing that the harsh voice is the honest one.',
        'Cruelty is not the same as truth. A friend can tell you the truth without contempt, and so can you.',
      ],
      [
        'Watch out, too, for swinging to the other extreme: excuses dressed as kindness.',
        '“It doesn’t matter, you deserve a break” can be kind, or it can be a way of quietly giving up.',
        'Real kindness still expects something of you.',
      ],
    ],
    faq: [
      [
        'Isn’t being hard on myself what keeps me going?',
        'It may feel that way. But look at your own record: does harshness make you start sooner and continue longer, or does it make you avoid the task? For most people, honest kindness works better.',
      ],
      [
        'What if kind words feel fake?',
        'Start with neutral ones. “That happened. What now?” is neither cruel nor sugary, and it points at a next step.',
      ],
    ],
    steps: [
      'For three days, write down any harsh thing you say to yourself about your efforts to [aim].',
      'Next to each, write what you would say to a friend in the same position.',
      'Cross out every “always” and “never”, and replace them with what actually happened.',
      'End each rewritten thought with one small next step.',
      'Choose a phrase to use when things go wrong, such as “That happened. What now?”, and practise it.',
      'At the end of each week, write down one thing you did well, however small.',
    ],
    questions: [
      'What do you usually say to yourself when things go wrong?',
      'Would you say that to someone you cared about?',
      'Whose voice does your inner critic sound like?',
      'What would a good coach say to you right now?',
      'What did you do well this week that you have not acknowledged?',
    ],
    takeaways: ['Be kind and firm with yourself, at the same time.', 'Answer the harsh voice with a next step.'],
    promise: 'A kinder, firmer inner voice that keeps you going instead of sending you into hiding',
  },

  people: {
    titles: ['Bring People With You', 'You Do Not Have to Do It Alone', 'Find Your Allies'],
    statements: [
      'Tell someone what you are doing, and let other people help you keep going.',
      'Change is easier in company: find allies, examples and someone to answer to.',
    ],
    anecdotes: [
      [
        '[^p.full], [p.role], kept [p.his] plans to [p.aim] secret, in case [p.he] failed.',
        'So when [p.he] slipped, there was nobody to notice, and nobody to help [p.him] back.',
        'When [p.he] finally told [q], at [here], [q.he] did not lecture. [^q.he] just asked, once a week, “How’s it going?”',
        'Knowing the question was coming was enough. [^p] did not want to answer it with nothing.',
      ],
      [
        'At [here], [p.full] noticed that [q] seemed to manage easily what [p.he] found so hard.',
        'Instead of envying [q.him], [p.he] asked how.',
        'The answer was not a secret but a dozen small habits [q] had picked up from others over the years, and [q.he] was glad to share them.',
        '[^p] had been trying to invent from scratch what [p.he] could simply have asked for.',
      ],
    ],
    headings: ['Change is social', 'Allies, examples and accountability', 'Asking for help'],
    explain: [
      [
        'We are strongly influenced by the people around us: what they do, what they expect of us, what they think is normal.',
        'That influence can work against a change or for it.',
        'Choosing to spend time with people who are doing what you want to do is one of the most effective things you can do.',
      ],
      [
        'Tell at least one person what you are trying to do.',
        'Not everyone, and not for applause: one trusted person who will ask how it is going.',
        'Knowing that someone will ask makes the small daily step more likely.',
      ],
      [
        'Look for examples.',
        'Somebody, somewhere, has already done what you are trying to do, and most people are generous with what they have learned if you ask with genuine interest.',
        'An example also proves, simply by existing, that the change is possible.',
      ],
      [
        'Asking for help is a skill many people avoid practising.',
        'It feels like admitting weakness. It is usually received as a compliment.',
        'Be specific: “could you check in with me on Fridays?” is far easier to say yes to than “could you help me?”',
      ],
      [
        'Help goes both ways.',
        'Offer support to someone else who is trying to change something.',
        'Explaining what works to another person strengthens it in you, and a pair who keep each other going are stronger than two people trying alone.',
      ],
    ],
    practice: [
      [
        'In practice, bringing people with you can be one message: “I’m trying to [my.aim]. Would you ask me on Fridays how it went?”',
        'It takes a minute to send and changes the whole week.',
      ],
      [
        'Look for company that makes the change feel normal.',
        'Spending time with people who already do what you are trying to do makes it seem less like a heroic effort and more like an ordinary way to live.',
      ],
      [
        'Working alongside someone, even in silence, can help.',
        'Two people each doing their own hard task at the same table keep each other honest without a word being said.',
      ],
    ],
    traps: [
      [
        'The trap is secrecy.',
        'Keeping a goal to yourself protects you from embarrassment if you fail, and also removes everyone who might have helped you succeed.',
      ],
      [
        'Watch out for the people who, knowingly or not, pull you back.',
        'You do not have to cut anyone off, but you can choose when and where you see them, and you do not have to discuss your plans with someone who mocks them.',
      ],
    ],
    faq: [
      [
        'What if there is no one I can tell?',
        'Look wider: a class, a club, a group of people working on something similar, even a letter to yourself opened each week. Company takes many forms.',
      ],
      [
        'What if the people around me are unsupportive?',
        'You do not need everyone. One supportive person, and a little less time with the discouraging ones, is enough to change the balance.',
      ],
    ],
    steps: [
      'Choose one trusted person and tell them what you want to change.',
      'Ask them to check in at a fixed time each week, and tell them exactly what to ask.',
      'Find one person who already does what you want to do, and ask them one specific question about how.',
      'Spend a little more time with people whose habits you admire.',
      'Offer to support someone else who is working on a change of their own.',
      'Thank the people who help you, specifically, and tell them what difference they made.',
    ],
    questions: [
      'Who in your life would be glad to help if you asked?',
      'Who already does what you want to do, and what could you learn from them?',
      'Whose company makes the change harder, and how could you manage that?',
      'What stops you asking for help?',
      'Whom could you help in return?',
    ],
    takeaways: ['Tell one person, and let them ask you how it is going.', 'Change is easier in good company.'],
    promise: 'Allies, examples and one person to answer to, so that you are not doing this alone',
  },

  tracking: {
    titles: ['Measure What Matters', 'Keep Score Kindly', 'Make Progress Visible'],
    statements: [
      'Track the few things that matter, simply and honestly, so that progress becomes visible.',
      'What you can see, you can steer: keep a small, honest record.',
    ],
    anecdotes: [
      [
        '[^p.full], [p.role], felt [p.he] was getting nowhere with [p.his] attempt to [p.aim].',
        'Then [q] asked to see [p.his] calendar at [here], where [p.he] had been ticking off each day [p.he] kept [p.his] small habit.',
        'There were twenty-three ticks in the month.',
        '[^p] had remembered only the seven gaps. The ticks told a truer story, and a more encouraging one.',
      ],
      [
        '[^p.full] started out tracking everything: hours, moods, scores, charts.',
        'Within a fortnight the tracking took longer than the work, and [p.he] abandoned both.',
        'The second time, [p.he] tracked one thing only: a tick for each day [p.he] did the minimum.',
        'It took ten seconds. [^p.he] kept it up for a year.',
      ],
    ],
    headings: ['Why tracking helps', 'What to measure', 'Reading the record'],
    explain: [
      [
        'Change is slow, and slow change is hard to see from day to day.',
        'Without a record, you remember the bad days vividly and the ordinary good ones not at all, and you conclude that nothing is happening.',
        'A simple record corrects that bias.',
      ],
      [
        'Measure the behaviour, not only the outcome.',
        'Outcomes depend on many things outside your control; whether you showed up today depends on you.',
        'A tick for each day you did the small step is often more useful than any result.',
      ],
      [
        'Keep it simple enough to last.',
        'If recording takes more than a few seconds, you will stop.',
        'A calendar and a pen are enough for most people, and most changes.',
      ],
      [
        'Review the record regularly, weekly is good, and look for trends rather than single days.',
        'Is the line going the right way? Are there patterns in the gaps?',
        'Use what you see to adjust the plan, not to judge yourself.',
      ],
      [
        'Celebrate the record.',
        'A visible chain of ticks is a small daily reward in itself, and breaking it becomes something you would rather avoid.',
        'Let yourself enjoy it.',
      ],
    ],
    practice: [
      [
        'In practice, tracking your effort to [aim] might be a calendar on the wall and a pen tied to it.',
        'One mark for each day you did the minimum.',
        'No apps, no charts, nothing to maintain.',
      ],
      [
        'Once a week, look at the marks and write a single sentence: “Better than last week”, “Wednesdays are hard”, “Missed the whole weekend”.',
        'The sentence turns the marks into information you can act on.',
      ],
      [
        'If the record starts to feel like a judge, change what it measures.',
        'Count attempts instead of results, or minutes instead of outcomes, until looking at it feels useful again.',
      ],
    ],
    traps: [
      [
        'The trap is measuring what is easy instead of what matters.',
        'Hours spent are easy to count but can be hours spent badly.',
        'Ask what actually shows progress towards your goal to [aim], and count that.',
      ],
      [
        'Watch out for turning the record into a weapon.',
        'A gap on the calendar is information, not an accusation.',
        'If looking at the record makes you feel worse every time, change what you record, not whether you look.',
      ],
    ],
    faq: [
      [
        'What if seeing the gaps discourages me?',
        'Then count something kinder, such as attempts or minutes, and look at monthly totals rather than daily gaps. The record should help you; if it does not, change it.',
      ],
      [
        'Should I track outcomes at all?',
        'Now and then, to check that the behaviour is leading where you hoped. Day to day, though, the behaviour is what you control, and it is what deserves the ticks.',
      ],
    ],
    steps: [
      'Choose one behaviour that shows you are moving towards your goal.',
      'Decide on the simplest possible way to record it: a tick, a number, a single word.',
      'Put the record where you cannot miss it.',
      'Record every day, including the days you did nothing.',
      'Once a week, look at the whole record and write one sentence about the trend.',
      'Adjust one thing in your plan based on what the record shows.',
    ],
    questions: [
      'What single behaviour best shows that you are making progress?',
      'How do you usually judge whether you are getting anywhere, and is that judgement fair?',
      'What would a month of ticks feel like to look at?',
      'What patterns do you expect to see in the gaps?',
      'How could you make recording take less than ten seconds?',
    ],
    takeaways: [
      'Count the behaviour, keep it simple, and look at the trend.',
      'Make progress visible, and it becomes easier to continue.',
    ],
    promise: 'A ten-second record that shows your real progress instead of your worst days',
  },

  identity: {
    titles: ['Become the Kind of Person Who Does It', 'Keep Going', 'Make It Part of Who You Are'],
    statements: [
      'Lasting change comes when the new way becomes part of who you are, and every small action is a vote for that person.',
      'Do not only aim at a result; aim at becoming someone for whom the result is natural.',
    ],
    anecdotes: [
      [
        'For months, [p.full], [p.role], thought of [p.self] as someone “trying to [p.aim]”.',
        'Then one evening at [here], [q] introduced [p.him] to a stranger and mentioned it as a simple fact about [p.him], the way you might mention that someone is tall.',
        '[^p] almost corrected [q.him]. Then [p.he] realised it was true.',
        'It was no longer something [p.he] was trying. It was something [p.he] did.',
      ],
      [
        '[^p.full] reached [p.his] goal on a quiet day at [here], with no ceremony at all.',
        'What surprised [p.him] was what happened next: nothing changed.',
        '[^p.he] kept going, because by then the habits were simply part of [p.his] days, and stopping would have felt stranger than continuing.',
        'That, [p.he] told [q] later, was how [p.he] knew it had worked.',
      ],
    ],
    headings: ['From doing to being', 'Small votes', 'The long road'],
    explain: [
      [
        'Most attempts at change focus on outcomes.',
        'Outcomes matter, but they arrive and then they are gone, and the old habits are waiting.',
        'Change lasts when it becomes part of how you see yourself: not someone trying to [their.aim], but someone who does.',
      ],
      [
        'Identity is built from evidence.',
        'Every time you take the small step, you add a little proof that you are the kind of person who does this.',
        'No single action is decisive. The accumulation is.',
      ],
      [
        'You can help the process along by noticing the evidence.',
        'At the end of the week, say to yourself, plainly, what your actions show: “I am someone who turns up.”',
        'It is not a slogan; it is a summary of the record.',
      ],
      [
        'Expect the change to feel unremarkable when it finally settles.',
        'The dramatic moments are at the start. Success, when it comes, often feels like an ordinary Tuesday.',
        'That ordinariness is the sign that the change has become yours.',
      ],
      [
        'Finally, keep going past the goal.',
        'Reaching a target is a good day; keeping the habits that got you there is a good life.',
        'Decide now what continuing will look like once the goal has been reached.',
      ],
    ],
    practice: [
      [
        'In practice, identity shows up in small sentences: “I don’t skip my morning session” rather than “I’m trying not to skip it.”',
        'The first describes a person; the second describes a struggle.',
      ],
      [
        'Look back at the record you have kept through this book.',
        'Every mark, every log entry and every small step is evidence of who you are becoming, and it is worth reading as such.',
      ],
      [
        'Plan the day after the goal.',
        'Decide which habits you will keep, which you will relax, and how you will notice if you begin to drift.',
        'The work of keeping a change is quieter than the work of making it, and just as real.',
      ],
    ],
    traps: [
      [
        'The trap is waiting to feel like a new person before acting like one.',
        'The feeling follows the actions, not the other way round.',
        'Act first, and let the identity catch up.',
      ],
      [
        'Watch out for the finish line.',
        'Many people stop the moment they reach a goal and slowly drift back.',
        'Plan what happens the day after success as carefully as you planned the start.',
      ],
    ],
    faq: [
      [
        'Isn’t it fake to call myself something I’m not yet?',
        'Do not claim more than the evidence shows. “I am someone who turns up most mornings” is simply true once you do, and saying it plainly helps you keep doing it.',
      ],
      [
        'What happens after I reach my goal?',
        'Decide in advance which habits you will keep. People who hold on to their gains are usually the ones who planned for the ordinary days after the achievement.',
      ],
    ],
    steps: [
      'Write one sentence describing the person you will be once the change has stuck.',
      'List three small things that person does every week.',
      'Do one of them today, and notice that you did it.',
      'At the end of each week, write what your actions show about who you are becoming.',
      'Decide what you will keep doing after you reach your goal.',
      'Go back to the first chapter of this book, reread your “why”, and update it.',
    ],
    questions: [
      'What kind of person would find this change natural?',
      'What evidence do you already have that you are becoming that person?',
      'What would you keep doing even after reaching your goal?',
      'How will you know when the change has become part of you?',
      'What has this process taught you about yourself?',
    ],
    takeaways: ['Every small action is a vote for who you are becoming.', 'Keep going: the habit outlasts the goal.'],
    promise: 'A way of making the change part of who you are, so that it lasts beyond the goal',
  },
};

/** A sentence after the opening story saying it is an illustration. */
export const STORY_NOTES: readonly string[] = [
  '([^p] is an invented character from a [styleLabel] world; the situation will be familiar to many readers.)',
  '(An illustration: the people and places are imaginary, the pattern is not.)',
  '(This story is invented for this book, to show the principle at work.)',
  '([^p] and [here] are inventions; what [p.he] learned is real enough.)',
];

/** Headings over the opening story. */
export const STORY_HEADINGS: readonly string[] = [
  'A story from [here]',
  '[p]’s story',
  'An illustration',
  'How it looked for [p]',
  'A scene at [here]',
];

export const SECOND_STORY_HEADINGS: readonly string[] = [
  'Another story',
  'A second example',
  '[p]’s turn',
  'Elsewhere, at [here]',
];

/** What the opening story shows, whatever the principle: a paragraph after the story. */
export const STORY_LESSONS: readonly (readonly string[])[] = [
  [
    'What made the difference for [p] was not a sudden burst of willpower.',
    'It was a change in approach, small enough to seem almost trivial, kept up consistently.',
  ],
  [
    'Notice what [p] did not do: [p.he] did not wait to feel ready, did not announce a grand plan, and did not punish [p.self] for the past.',
    '[^p.he] changed one thing and kept it changed.',
  ],
  [
    'It would be easy to read [p]’s story as one of character.',
    'It is really one of method: the same person, with a better way of going about it.',
  ],
  [
    '[^p]’s story is invented, but its shape is common: a long stretch of trying harder at the wrong thing, then a shift to trying differently.',
  ],
  [
    'The turning point in [p]’s story is a question, not an answer.',
    'Questions like that are available to anyone, at any time; the trick is to ask them honestly.',
  ],
  [
    '[^q]’s part in the story matters as much as [p]’s.',
    'Very few people change alone, and the help that makes the difference is often small and ordinary.',
  ],
  [
    'What [p] learned could fit on a card.',
    'That is typical: the ideas that change behaviour are usually simple. Applying them is what takes time.',
  ],
  [
    'At first nothing in [p]’s circumstances changed.',
    '[^p.his] approach did, and the circumstances followed, slowly.',
  ],
  [
    'If [p]’s story sounds too neat, that is because stories are.',
    'Real change is messier, with more false starts, but the principle underneath is the same.',
  ],
  ['Ask yourself where in your own life you stand where [p] stood at the start of the story.'],
  ['[^p] was not unusually disciplined, talented or lucky.', 'That is the encouraging part of the story.'],
  [
    'Notice what the story leaves out: the days when nothing seemed to move.',
    'Most changes have more of those than anyone tells.',
  ],
];

export const FAQ_HEADINGS: readonly string[] = [
  'Common questions',
  'But what if…?',
  'Questions readers ask',
  'Doubts and answers',
];

export const PRACTICE_HEADINGS: readonly string[] = [
  'In practice',
  'What it looks like',
  'Making it concrete',
  'Day to day',
];

export const TRAP_HEADINGS: readonly string[] = ['The trap', 'Watch out for', 'Where it goes wrong', 'A common trap'];

export const STEP_HEADINGS: readonly string[] = [
  'Action steps',
  'Try this',
  'Your steps this week',
  'Putting it into practice',
];

export const QUESTION_HEADINGS: readonly string[] = [
  'Questions for reflection',
  'Think about it',
  'Questions to ask yourself',
  'For reflection',
];

export const TAKEAWAY_HEADINGS: readonly string[] = ['Takeaway', 'In one line', 'Remember', 'The short version'];

/** Short notes between the chapter's parts: useful, general, sometimes set in the style's world. */
export const SIDE_NOTES: readonly (readonly string[])[] = [
  [
    'A word about time: most of the changes in this book take weeks, not days, to settle.',
    'If you are reading it in one sitting, that is fine; but try the principles one at a time, a week or two each.',
  ],
  [
    'At [there], [r.full], [r.role], keeps a card in [r.his] pocket with one line from this chapter on it, and reads it whenever [r.he] is waiting for something.',
    '[^r] is an invention. The habit is worth stealing.',
  ],
  [
    'Remember that none of these principles needs to be done perfectly.',
    'A rough version, tried this week, teaches you more than a perfect version planned for next month.',
  ],
  [
    'Imagine [r], [r.role], reading this chapter at [there] [time], and rolling [r.his] eyes at the idea that anything so simple could help.',
    'Then imagine [r] trying it anyway, because nothing else had worked.',
    'Scepticism is welcome; just let it run the experiment.',
  ],
  [
    'If you are working through this book with someone else, this is a good point to stop and compare notes.',
    'What did each of you notice? What surprised you?',
  ],
  [
    'A reminder: you do not have to want to [aim] every day.',
    'Some days you will not care at all. The plan is built for those days too.',
  ],
  [
    'Keep a single notebook for the whole of this book: your “why”, your logs, your steps and your answers to the questions.',
    'By the last chapter it will be the most useful thing you own on [subject].',
  ],
  [
    'It may help to picture [r.full] at [there], [r.role] and no stranger to hard days, taking the same first step you are about to take.',
    'Nobody in the world of these stories finds it easy. Most of them do it anyway.',
  ],
  [
    'If a step in this chapter does not suit your life, change it.',
    'The principle matters; the particular step is only a suggestion.',
    'You know your days better than any book does.',
  ],
  [
    'One caution: this book is about everyday change.',
    'If what you are struggling with feels overwhelming, or is affecting your health, talk to a doctor or a qualified professional; that is a sign of good sense, not of failure.',
  ],
  [
    '[^r] once told [q], at [there], that the hardest part of any change is the first Monday after the excitement wears off.',
    'It is an invented line, and a true one. Plan for that Monday.',
  ],
  [
    'Do not wait until you have finished the book to start.',
    'The best time to try this chapter’s steps is straight after reading it, while the reasons are fresh.',
  ],
];

export const SIDE_HEADINGS: readonly string[] = ['A note', 'By the way', 'Before you go on', 'A thought'];

/** Book titles: `action` subjects ("stop procrastinating") read "How to Stop Procrastinating". */
export const SELF_HELP_TITLES = {
  noun: [
    'The Practice of [Subject]',
    '[Subject]: A Practical Guide',
    '[Subject], Day by Day',
    'Small Steps to [Subject]',
  ],
  action: ['[Title]', '[Title]: A Practical Guide', '[aim:title], One Step at a Time', 'Ready to [aim:title]'],
};

export const SELF_HELP_FOREWORDS: readonly (readonly string[])[] = [
  [
    'This is a practical book.',
    'Each chapter gives you one principle for change, a story that shows it at work, the trap most people fall into, a handful of action steps and some questions to think about.',
    'Read a chapter, try its steps for a week or two, then move on.',
  ],
  [
    'The stories are set in a [styleLabel] world, and their people, such as [hero.full] and [ally.full], are invented.',
    'The principles are not: they are ordinary, tested common sense about how people change, gathered in one place and applied to [subject].',
    'This book is no substitute for professional help where that is needed.',
  ],
];

/** The last lines of a chapter, pointing to the next one. */
export const BRIDGES: readonly string[] = [
  'The next chapter, “[next]”, builds on this one.',
  'When you are ready, turn to “[next]”.',
  'Give this a week before moving on to “[next]”.',
  'Next: “[next]”.',
  'Try the steps first; “[next]” will still be there.',
];
