"""Questions and tasks for the assistant that state no fact about the user ("Can you recommend a
book on stoicism?", "摄氏度怎么换算成华氏度", "Write me a short email declining the meeting").

Why a rule and not only the learned layer: the classifier reads character n-grams, so a question
about a topic it has seen in facts ("东京现在几点了": a city; "what's a good name for a bakery":
a name) leans towards that fact's intent, and the profile rules then read a slot from a sentence
that says nothing about the user. The shape of a request is lexical and small (a question word, an
imperative verb addressed to the assistant, a question mark) and a request never has the user as
its subject, so the rule is: the shape of a request AND no first person outside the few frames in
which the user is only the one asking ("help me", "how do I", "帮我", "我该怎么").
"""

from __future__ import annotations

import re

__all__ = ["STATES_EN", "is_greeting", "is_request"]

# English: the user only asks ("how do I convert", "can I take", "give me", "help me").
_ASKING_EN = re.compile(
    r"\b(?:how\s+(?:do|can|should|would|could)\s+i|(?:can|could|should|may|do)\s+i|what\s+(?:should|can|do)\s+i|"
    r"where\s+(?:can|should|do)\s+i|(?:give|tell|show|help|teach|send|write|find|get|make)\s+me|for\s+me|to\s+me|"
    # the user's things as the topic of a question: "why does my sourdough come out so dense",
    # "how much would I pay monthly on a $300k mortgage"
    r"(?:why|how come)\s+(?:does|do|is|are|did|won't|doesn't|isn't|can't)\s+my|"
    r"how\s+(?:much|many|long|often)\s+(?:would|will|do|should|can|could)\s+i|"
    # the level asked for: "explain like I'm 5", "ELI5", "explain it as if I'm a beginner"
    r"(?:like|as if)\s+(?:i'?m|i am)\s+(?:\d+|five|ten|a\s+\w+))\b",
    re.I,
)
# A supposition in front of a question ("Suppose my budget was $900 - which tablet should I get?",
# "If I had $500, what phone should I buy?"): its first person is the question's premise, no fact
# (parsers/guards.py drops the supposed fact; this keeps the turn a request rather than an episode).
_SUPPOSED_EN = re.compile(
    r"^\s*(?:suppose|supposing|say|let's say|assuming|imagine|if|what if)\b[^,;:.!?]*?(?:[,;:]|\s[-\u2013\u2014]\s)",
    re.I,
)
# "-i" in "git rebase -i" is a flag, not the user
_FIRST_EN = re.compile(r"(?<![-\w])(?:i|i'm|im|i've|ive|i'd|i'll|me|my|mine|myself|we|we're|our|ours|us)\b", re.I)
# A family member named by a kinship title as the subject of a clause ("Mom's on warfarin, so what
# can she use for her knee pain?"): the turn states the family member's fact before it asks.
_FAMILY_EN = re.compile(
    r"(?:^|[,.;!?]\s*)(?:mom|dad|mum|grandma|grandpa|nana)(?:'s|\s+(?:is|has|had|takes|gets|was))\b", re.I
)
_FAMILY_ZH = re.compile(
    r"(?:^|[，。,！!？?；;]\s*)(?:妈妈|爸爸|老妈|老爸|奶奶|爷爷|外婆|外公|姥姥|姥爷)"
    r"(?:一直|最近|也)?(?:有|在吃|吃着|得了|查出|确诊|对[^，。,]{1,8}过敏)"
)
# The speaker introducing themself before asking: "gluten free here - what pasta brands are decent?",
# "night shift nurse here, how do I sleep in the day?"
_SELF_HERE_EN = re.compile(
    r"^\W*(?!(?:is|are|anyone|anybody|someone|somebody|who|what|how|why|where|when|which|nobody|no one|not)\b)"
    r"(?:[a-z]+[ -]){0,2}[a-z]+\s+here\b(?!\s+(?:is|are|in|at|and there)\b)",
    re.I,
)
# The user as the subject of a statement ("I'm trying to cut sugar, what snacks ..."): the turn says
# something about the user, so a learned "request" guess does not drop it.
STATES_EN = re.compile(r"(?<![-\w])(?:i'm|im|i am|i've|ive|i have|i was|we're|we are|we've)\b", re.I)
_SHAPE_EN = re.compile(
    r"^\s*(?:(?:can|could|would|will)\s+you|how|what|what's|whats|which|who|whom|whose|where|when|why|"
    r"is\s+(?:it|there|this|that)|are\s+(?:there|they|these)|does|do\s+you|should|"
    r"please|write|translate|give|tell|explain|recommend|suggest|summari[sz]e|draft|list|find|show|help|"
    r"calculate|convert|compare|describe|define|name|check|plan|generate|rewrite|proofread|teach)\b(?!')",
    re.I,
)
_TASK_EN = re.compile(
    r"^\s*(?:please\s+)?(?:write|draft|translate|summari[sz]e|rewrite|proofread|generate|list|explain|compose)\b", re.I
)
# Chinese: 我 only as the one asked for ("帮我", "给我", "告诉我", "我该怎么").
# "给我妈买礼物" is for the user's mother, not "give me": a relative after 我 is no asking frame
_ASKING_ZH = re.compile(
    r"(?:[帮给替教跟]|告诉)我(?!妈|爸|老[公婆爸妈]|儿|女|家|哥|姐|弟|妹|爷|奶|外[公婆])|我(?:该|应该|能|可以)(?:怎么|如何|怎样)|请问"
)
_FIRST_ZH = re.compile(r"我|俺|咱|本人")
_QUESTION_ZH = re.compile(
    r"吗[？?。]?$|[？?]$|怎么|怎样|如何|什么|哪|几[点个本种岁天]|多少|为什么|为啥|能不能|可不可以|有没有|是不是"
)
# A greeting in front ("早上好！帮我查一下明天的天气") does not turn the task into chat.
_TASK_ZH = re.compile(
    r"^(?:(?:早上好|早安|中午好|下午好|晚上好|你好|您好|嗨|哈喽)[啊呀]?[！!，,。~\s]*)?"
    r"(?:请|麻烦|帮我|给我(?!妈|爸|老[公婆爸妈]|儿|女|家|哥|姐|弟|妹|爷|奶|外[公婆])|你能|你可以|能不能|可不可以|写|翻译|推荐|介绍|解释|讲讲|说说|告诉我|列|查|算)"
)
# Turns with these are the user's own plans even when addressed to the assistant: "Book me a train
# from Paris to Lyon", "提醒我明天开会", "帮我订周六北京到天津的高铁".
_OWN_PLAN = re.compile(
    r"remind|don't let me forget|\bbook\s+(?:me|us|a|an|the|my|our)\b|\breserve\b|\bforget\b|\bdelete\b|"
    r"\bwipe\b|\bremember\b|提醒|记得|别忘|订|预订|预约|忘|删|记住",
    re.I,
)


# Greetings shaped as questions are smalltalk ("How's it going?", "在吗在吗").
# A greeting word may open it ("Morning! How's it going?", "Good morning! How's your day going?").
_GREETING = re.compile(
    r"^\s*(?:(?:good\s+)?(?:morning|afternoon|evening)|hi|hey|hello|hiya|yo)?\W*"
    r"(?:how(?:'s|\s+is)\s+(?:it|your\s+(?:day|week|morning|weekend))(?:\s+going)?|how\s+are\s+(?:you|things)(?:\s+doing)?|"
    r"what's\s+up|who\s+are\s+you|(?:在吗)+)\W*$|"
    r"^\s*(?:早上好|早安|中午好|下午好|晚上好|你好|嗨|哈喽)?\W*"
    r"(?:(?:你)?(?:最近|今天|这几天)(?:过得)?(?:怎么样|咋样|还好吗|好吗)|你好吗|(?:你)?在干嘛呢?)[啊呀呢]?\W*$",
    re.I,
)


def is_greeting(text: str) -> bool:
    """A how-are-you shaped as a question ("Morning! How's it going?", "早上好！今天过得怎么样？"):
    chat, neither a request nor a fact, however sure the learned layer is that a question is a request."""
    return bool(_GREETING.search(text.strip()))


def is_request(text: str, lang: str) -> bool:
    """True when the turn is a question or a task for the assistant with no fact about the user."""
    text = text.strip()
    if not text or _OWN_PLAN.search(text) or is_greeting(text):
        return False
    if re.search(r"[\u4e00-\u9fff]", text):
        rest = _ASKING_ZH.sub("", text)
        if _FIRST_ZH.search(rest) or _FAMILY_ZH.search(text) or _FIRST_EN.search(_ASKING_EN.sub("", rest)):
            return False
        return bool(_QUESTION_ZH.search(text) or _TASK_ZH.search(text))
    text = re.sub(r"`[^`]*`", "code", text)  # code in backticks is the question's material
    rest = _ASKING_EN.sub("", _SUPPOSED_EN.sub("", text) if text.endswith("?") else text)
    if _TASK_EN.search(text):
        # "Draft a thank-you note for my teacher": the user's things are the task's material
        rest = re.sub(r"\b(?:my|me|our|us)\b", "", rest, flags=re.I)
    if _FIRST_EN.search(rest) or _FAMILY_EN.search(text) or _SELF_HERE_EN.search(text):
        return False
    return bool(_SHAPE_EN.search(text) or text.endswith("?"))
