"""A prompt (Save as, Rename) keeps every key typed in one burst, in order, from the key that
opened it on: ctrl+u among them clears what was typed before it, as in a shell. Seen in tmux at
80x24: ``a`` then ``C-u mine3 Enter`` sent at once saved "ine3" (Input's ctrl+u is a binding the
app runs after the key bubbles up to it, by when the letters after it were in the line)."""

from __future__ import annotations

from textual import events

from engine.core import read_log
from engine.games import get_game
from tui.screens.dialogs import AnswerLine, PromptScreen
from tui.screens.play import PlayScreen
from tui.screens.saves import SavesScreen

from ..waiting import until
from .conftest import new_match, notifications, settle
from .test_saves_manage import write_finished


async def focus_on(pilot, app, selector: str):
    """The screen's widget ``selector``, once settled with the keys on it."""
    await settle(pilot, app)
    widget = app.screen.query_one(selector)
    app.screen.set_focus(widget)
    await settle(pilot, app)
    return widget


def burst(app, *keys: str) -> None:
    """Post ``keys`` to the app at once, as a terminal delivers a burst: nothing runs between them."""
    for key in keys:
        character = key if len(key) == 1 else {"space": " "}.get(key)
        app.post_message(events.Key(key, character))


async def test_save_as_opened_and_answered_in_one_burst_keeps_every_letter(make_app, settings):
    match = new_match(settings.saves_dir, seed=6)
    app = make_app(start=lambda app: PlayScreen(match))
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        burst(app, "a", "ctrl+u", *"mine3", "enter")
        await until(lambda: (settings.saves_dir / "mine3.jsonl").exists(), what="mine3.jsonl saved")
        assert isinstance(app.screen, PlayScreen)
        assert read_log(settings.saves_dir / "mine3.jsonl", get_game).entries == tuple(match.entries)
        assert [p.name for p in settings.saves_dir.glob("*.jsonl")].count("ine3.jsonl") == 0
        await until(lambda: any("mine3.jsonl" in m for m in said))


async def test_editing_keys_in_a_burst_act_where_they_were_typed(make_app, settings):
    """Each editing key acts on what was typed before it, never on letters typed after it."""
    match = new_match(settings.saves_dir, seed=7)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        burst(app, "a", *"xy", "backspace", "z", "ctrl+w", *"ab", "ctrl+u", *"cd", "left", "e", "home", "f")
        await until(lambda: isinstance(app.screen, PromptScreen))
        answer = app.screen.query_one(AnswerLine)
        await until(lambda: answer.value == "fced", what=f"fced in the line (it has {answer.value!r})")
        # The same keys once the line has the focus (typed fast, no dialog opening).
        burst(app, "end", "ctrl+u", *"mine", "backspace", "ctrl+u", *"ours", "enter")
        await until(lambda: (settings.saves_dir / "ours.jsonl").exists(), what="ours.jsonl saved")


async def test_a_paste_as_the_prompt_opens_goes_in_after_the_keys_before_it(make_app, settings):
    match = new_match(settings.saves_dir, seed=8)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        burst(app, "a", "ctrl+u", "p")
        app.post_message(events.Paste("asted\n"))  # (a copied line ends with its newline)
        burst(app, "enter")
        await until(lambda: (settings.saves_dir / "pasted.jsonl").exists(), what="pasted.jsonl saved")


async def test_rename_opened_and_answered_in_one_burst_renames_and_opens_nothing(make_app, settings):
    write_finished(settings.saves_dir, "old.jsonl")
    app = make_app(start=lambda app: SavesScreen("replay"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        burst(app, "r", "ctrl+u", *"new3", "enter")
        await until(lambda: (settings.saves_dir / "new3.jsonl").exists(), what="new3.jsonl")
        await settle(pilot, app)
        assert isinstance(app.screen, SavesScreen)  # enter answered the prompt, it opened no replay
        assert not (settings.saves_dir / "old.jsonl").exists()


async def test_the_move_line_takes_a_burst_with_ctrl_u_in_order(make_app, settings):
    match = new_match(settings.saves_dir, seed=9)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        burst(app, "colon", *"xy", "ctrl+u", *"zw", "backspace", "q")
        line = app.screen.query_one("#command")
        await until(lambda: line.value == "zq", what=f"zq on the move line (it has {line.value!r})")


async def test_the_chat_line_takes_a_burst_with_ctrl_u_in_order():
    from textual.app import App, ComposeResult

    from tui.widgets.chat import ChatPanel

    class ChatApp(App):
        said: list[str] = []

        def compose(self) -> ComposeResult:
            yield ChatPanel(id="chat")

        def on_chat_panel_said(self, message: ChatPanel.Said) -> None:
            self.said.append(message.text)

    app = ChatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#chat-input")
        burst(app, *"typo", "ctrl+u", *"gg", "enter")
        await until(lambda: app.said == ["gg"], what=f"gg said (said: {app.said})")


async def test_keys_typed_right_after_tab_go_where_the_focus_went(make_app, settings):
    """Settings, on the name: "tab space" sent at once put a space in the name (tab moves the
    focus only when the app runs its binding, after the space had reached the line)."""
    from tui.screens.settings import SettingsScreen

    app = make_app(start=lambda app: SettingsScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        name = await focus_on(pilot, app, "#name")
        ascii_before = settings.ascii
        burst(app, "end", *"xy", "tab", "space")
        await until(lambda: settings.ascii != ascii_before, what="ASCII switched by the space")
        assert name.value == "Youxy" and settings.player_name == "Youxy", name.value


async def test_a_paste_keeps_all_its_lines_and_says_when_it_was_cut_to_fit(make_app, settings):
    """Pasting three lines into the chat kept the first and dropped the others without a word;
    a name pasted longer than its field allows was dropped whole, with only a bell."""
    from textual.app import App, ComposeResult

    from tui.screens.new_game import NewGameScreen
    from tui.widgets.chat import ChatPanel

    class ChatApp(App):
        def compose(self) -> ComposeResult:
            yield ChatPanel(id="chat")

    chat = ChatApp()
    async with chat.run_test(size=(80, 24)) as pilot:
        await pilot.click("#chat-input")
        chat.post_message(events.Paste("first line\nsecond line\n\nthird\n"))
        line = chat.query_one("#chat-input")
        await until(lambda: line.value == "first line second line third", what=f"all three lines ({line.value!r})")
    app = make_app(start=lambda app: NewGameScreen())
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        name = await focus_on(pilot, app, "#name-0")
        app.post_message(events.Paste("Brunhild von Hohenschwangau und Mespelbrunn"))
        await until(lambda: name.value == "Brunhild von Hohenschwan", what=f"the name cut to fit ({name.value!r})")
        assert said == ["Pasted text cut to fit: 24 characters at most here."], said


async def test_an_emptied_name_in_settings_says_the_name_it_keeps(make_app, settings):
    from tui.screens.settings import SettingsScreen

    app = make_app(start=lambda app: SettingsScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        name = await focus_on(pilot, app, "#name")
        await pilot.press("end", "ctrl+u")
        await until(lambda: name.value == "" and "You (kept" in name.placeholder, what="the kept name shown")
        assert settings.player_name == "You"


async def test_keys_reaching_the_answer_before_the_early_ones_are_in_wait_for_them(make_app, settings):
    """The window a burst can fall into as the prompt opens: the app has handed some keys to the
    screen (no focus yet) and the next ones to the answer line; the line holds its own until the
    screen has put the earlier ones in, so they land in the order typed."""
    match = new_match(settings.saves_dir, seed=10)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("a")
        await until(lambda: isinstance(app.screen, PromptScreen) and app.screen.query_one(AnswerLine).held is None)
        prompt, answer = app.screen, app.screen.query_one(AnswerLine)
        answer.held = []  # (as it is from the prompt's opening until the screen's early keys are in)
        for key in ("c", "backspace", "d"):  # typed later, reaching the line first
            answer.post_message(events.Key(key, key if len(key) == 1 else None))
        await until(lambda: len(answer.held or ()) == 3, what="the line holding its keys")
        assert answer.value.endswith(".jsonl")  # nothing of them in yet
        for key in ("ctrl+u", "a", "b"):  # typed first, in the screen's queue
            prompt.post_message(events.Key(key, key if len(key) == 1 else None))
        prompt.call_later(prompt._typed_early_are_in)  # (what the prompt posts as it gets the focus)
        await until(lambda: answer.held is None and answer.value == "abd", what=f"abd ({answer.value!r})")
