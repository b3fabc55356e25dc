/// The words that point to each category, with how strongly (3 decisive, 2 telling, 1 a hint).
/// Words are matched with simple English inflections (`emails`, `writing`, `booked`).
enum CategoryLexicon {
    static let words: [String: (Category, Int)] = {
        var table: [String: (Category, Int)] = [:]
        let entries: [(Category, Int, String)] = [
            (
                .deepWork, 3,
                """
                write rewrite draft design refactor research analyse analyze analysis thesis dissertation manuscript \
                proposal strategy architecture prototype debug code implement study revise outline synthesise \
                synthesize specification spec roadmap essay paper slides presentation keynote lecture deck algorithm \
                brainstorm storyboard compose proofread translate migration schema okr forecast findings annotate \
                retrospective transcripts exam focus coursework assignment wireframes investigate inking thesis \
                bibliography citations
                """
            ),
            (
                .deepWork, 2,
                """
                review pr bug tests model learn edit build solve report chapter memo doc docs data metrics course \
                lesson copy speech plan think feature api script technical interview problems mark pitch rehearse \
                portfolio layout thumbnails
                """
            ),
            (.deepWork, 1, "prepare work finish fix"),
            (
                .admin, 3,
                """
                call ring phone email reply respond pay bill invoice renew reschedule order buy purchase return post send \
                submit tax expense expenses receipts insurance bank form application passport visa council landlord \
                plumber electrician handyman mot sign cancel confirm transfer groceries shopping errand errands admin inbox \
                timesheets timesheet agenda register rent mortgage subscription delivery parcel package boarding \
                supplier statement lease recruiter nanny licence license paperwork approve chase quote text forward \
                uniform passwords recycling bins hoover vacuum iron ironing laundry washing dishwasher bedding defrost \
                tidy declutter petrol haircut hairdresser barber salon refund permit stamps envelopes boiler
                """
            ),
            (
                .admin, 2,
                """
                schedule contract update sort organise organize arrange collect train flight print switch account check \
                clean wrap garage keys swap shift shifts prescription fuel
                """
            ),
            (.admin, 1, "set get"),
            (
                .health, 3,
                """
                run jog gym workout yoga pilates physio physiotherapy meditate meditation dentist doctor dr gp clinic therapy \
                therapist counselling counseling swim stretch vitamins sleep nap breathing mindfulness jab vaccine flu \
                massage tennis climbing football exercises exercise hike salad healthy detox posture optician sauna rehab \
                weights 5k 10k marathon spin rowing bike parkrun zumba aerobics badminton squash netball rugby golf \
                boxing kickboxing karate judo crossfit hiit bootcamp treadmill mobility inhaler medication meds \
                osteopath chiropractor podiatrist dermatologist hydrate vegetables supplements gp
                """
            ),
            (.health, 2, "walk cycle bed journal cook dinner lunch lengths dog knee checkup ride bath blood steps"),
            (
                .culture, 3,
                """
                reading novel poetry poems theatre theater opera ballet concert gig jazz symphony museum gallery \
                exhibition film movie cinema documentary audiobook album guitar piano ukulele song sketching painting \
                pottery photography bookshop broadcast matinee crossword choir orchestra drama dance festival flamenco \
                watercolours watercolors sculpture noh performance show skate skating quiz karaoke comedy panto \
                pantomime musical circus crochet knit knitting sewing embroidery quilting drawing chess jigsaw brunch \
                tapas restaurant gastropub tasting antiques art proms shakespeare netflix birdwatching
                """
            ),
            (
                .culture, 2,
                """
                read watch listen podcast music sketch library script stories story essays club rewatch tickets \
                series radio bar pub cafe café picnic party games puzzle wine explore fair draw
                """
            ),
            (.culture, 1, "see visit play")
        ]
        for (category, weight, list) in entries {
            for word in list.split(whereSeparator: \.isWhitespace) { table[String(word)] = (category, weight) }
        }
        return table
    }()

    /// Multi-word phrases, checked before single words; their words are then not counted again.
    static let phrases: [(words: [String], category: Category, weight: Int)] = [
        (["pick", "up"], .admin, 3), (["dry", "cleaning"], .admin, 3), (["top", "up"], .admin, 3),
        (["direct", "debit"], .admin, 3), (["light", "bulbs"], .admin, 3), (["blood", "test"], .health, 3),
        (["eye", "test"], .health, 3), (["early", "night"], .health, 3), (["meal", "prep"], .health, 3),
        (["foam", "roll"], .health, 3), (["go", "to", "bed"], .health, 3), (["short", "story"], .culture, 3),
        (["book", "club"], .culture, 3), (["pull", "request"], .deepWork, 3), (["code", "review"], .deepWork, 3),
        (["deep", "dive"], .deepWork, 3), (["cash", "flow"], .deepWork, 3), (["cover", "letter"], .deepWork, 3),
        (["work", "through"], .deepWork, 3), (["think", "through"], .deepWork, 3),
        (["go", "through"], .deepWork, 3), (["map", "out"], .deepWork, 3), (["personal", "statement"], .deepWork, 3),
        (["clear", "out"], .admin, 3), (["standing", "order"], .admin, 3), (["drink", "water"], .health, 3),
        (["tai", "chi"], .health, 3), (["skip", "rope"], .health, 3), (["blood", "pressure"], .health, 3),
        (["couch", "to", "5k"], .health, 3), (["open", "mic"], .culture, 3), (["afternoon", "tea"], .culture, 3),
        (["bird", "watching"], .culture, 3), (["board", "games"], .culture, 3), (["west", "end"], .culture, 3)
    ]

    /// Forms of `word` to look up: itself and the stem under common English endings.
    static func forms(of word: String) -> [String] {
        var forms = [word]
        for (suffix, replacements) in [("ing", ["", "e"]), ("ed", ["", "e"]), ("es", [""]), ("s", [""])]
        where word.hasSuffix(suffix) && word.count > suffix.count + 2 {
            let stem = String(word.dropLast(suffix.count))
            forms += replacements.map { stem + $0 }
            // running → run, planned → plan
            if let last = stem.last, stem.dropLast().last == last { forms.append(String(stem.dropLast())) }
        }
        return forms
    }
}
