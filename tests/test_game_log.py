"""The game log of a simulated Adventures and Guilds game (`dsl simulate --log`) says what
the new mechanics did: a card put on the Tavern mat and called from it, a Traveller
exchanged, tokens put on piles and own tokens moved, taken and placed, Coffers spent, Events
bought; and the terminal (`dsl play`) shows those lines with the cards' and tokens' names,
every line since the player's last decision."""
import io
import re
import subprocess
import sys

from dsl.language.loader import load_shipped
from dsl.text import terminal as ui
from dsl.text.i18n import get_locale
from interpreter.bots.human import HumanAgent
from interpreter.engine.game import Game

CAT = load_shipped().catalog
KINGDOM = "page,peasant,coin_of_the_realm,bridge_troll,ranger,baker,plaza,embargo,duplicate," \
          "lost_arts,plan"
KINDS = {
    "a card put on the Tavern mat": r"random@\d puts \w+ on his tavern mat",
    "a call from the mat": r"random@\d calls (coin_of_the_realm|duplicate)",
    "an exchange": r"random@\d exchanges \w+ for \w+",
    "tokens put on a pile": r"\d+ embargo token\(s\) on the \w+ pile",
    "an own token moved to a pile": r"random@\d moves his (trashing|plus_action) token to the "
                                    r"\w+ pile",
    "an own token taken": r"random@\d takes his minus_coin token",
    "what a token on a pile gives": r"random@\d gets what his \w+ token on the \w+ pile gives",
    "Coffers given": r"random@\d takes \d+ coffers token\(s\)",
    "Coffers spent": r"random@\d spends \d+ coffers",
    "an Event bought": r"random@\d buys the Event (lost_arts|plan)",
}


def simulated_log(seed: int) -> list[str]:
    r = subprocess.run([sys.executable, "-m", "dsl", "simulate", "--kingdom", KINGDOM, "--bots",
                        "random,random", "--games", "1", "--seed", str(seed), "--log"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def test_a_simulated_adventures_and_guilds_log_shows_each_new_kind_of_line():
    lines = simulated_log(6) + simulated_log(2)
    missing = [what for what, pattern in KINDS.items()
               if not any(re.fullmatch(pattern, line) for line in lines)]
    assert not missing, missing
    # a call follows the card's being put on the mat, in the same game
    assert any(" calls " in line for line in lines)


def test_the_terminal_shows_those_lines_with_names():
    words = ui.Words(get_locale("en"), HumanAgent(0, catalog=CAT).label)
    said = {line: words.log_line(line) for line in (
        "p1 (you) calls coin_of_the_realm",
        "bm@2 exchanges treasure_hunter for warrior",
        "bm@2 puts coin_of_the_realm on his tavern mat",
        "bm@2 moves his plus_action token to the village pile",
        "bm@2 puts his minus_card token on his deck",
        "bm@2 takes his minus_coin token",
        "bm@2 turns his journey token face down",
        "bm@2 gets what his plus_card token on the village pile gives",
        "2 embargo token(s) on the silver pile",
        "p1 (you) spends 2 coffers",
        "p1 (you) overpays $3",
        "bm@2 buys the Event lost_arts")}
    assert said["p1 (you) calls coin_of_the_realm"] == "p1 (you) calls Coin of the Realm"
    assert said["bm@2 exchanges treasure_hunter for warrior"] == \
        "bm@2 exchanges Treasure Hunter for Warrior"
    assert said["bm@2 puts coin_of_the_realm on his tavern mat"] == \
        "bm@2 puts Coin of the Realm on the tavern mat"
    assert said["bm@2 moves his plus_action token to the village pile"] == \
        "bm@2 moves the +1 Action token to the Village pile"
    assert said["bm@2 puts his minus_card token on his deck"] == \
        "bm@2 puts the -1 Card token on the deck"
    assert said["bm@2 takes his minus_coin token"] == "bm@2 takes the -$1 token"
    assert said["bm@2 turns his journey token face down"] == \
        "bm@2 turns the Journey token face down"
    assert said["2 embargo token(s) on the silver pile"] == "2 Embargo on the Silver pile"
    assert said["p1 (you) overpays $3"] == "p1 (you) overpays $3"
    assert said["bm@2 buys the Event lost_arts"] == "bm@2 buys the Event Lost Arts"
    cs = ui.Words(get_locale("cs"), HumanAgent(0, locale="cs", catalog=CAT).label)
    assert cs.log_line("bm@2 calls duplicate") != "bm@2 calls duplicate"


def test_the_player_sees_every_line_since_his_last_decision():
    out = io.StringIO()
    human = HumanAgent(0, out=out, catalog=CAT)
    game = Game(CAT, ["village"], 2, [human, None], seed=1)
    game.log[:] = [f"line {i}" for i in range(30)]
    human.show_log(game)
    shown = [x for x in out.getvalue().splitlines() if x.startswith("  | ")]
    assert shown == [f"  | line {i}" for i in range(30)]       # all 30 (at most 40)
    game.log.extend(f"bot line {i}" for i in range(12))
    out.truncate(0), out.seek(0)
    human.show_log(game)
    shown = [x[4:] for x in out.getvalue().splitlines()]
    assert shown == [f"bot line {i}" for i in range(12)]        # the 12 new ones
    game.log.append("one more")
    out.truncate(0), out.seek(0)
    human.show_log(game)                                         # at least the last 8
    assert [x[4:] for x in out.getvalue().splitlines()] == \
        [f"bot line {i}" for i in range(5, 12)] + ["one more"]
