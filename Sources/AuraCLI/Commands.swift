/// Every subcommand, in the order `aura --help` lists them.
public enum Commands {
    public static let all: [any Command] = [
        BuildCommand(),
        CheckCommand(),
        NewCommand(),
        AddCommand(),
        PlanCommand(),
        ParseCommand(),
        DoneCommand(),
        SnoozeCommand(),
        PushCommand(),
        ReflowCommand(),
        DayCommand(),
        EditCommand(),
        MoveCommand(),
        DropCommand(),
        UndoCommand(),
        DeployCommand(),
        ServeCommand(),
        UserCommand(),
        DatabaseCommand()
    ]
}
